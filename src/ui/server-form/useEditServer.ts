import { useDeck } from '../DeckContext.js';
import { useNavigation } from '../navigation/NavigationContext.js';

/** Opens the form on a server; for one that cannot be edited here, returns why (for the screen's notice). */
export function useEditServer(): (name: string) => string | undefined {
  const deck = useDeck();
  const nav = useNavigation();
  return (name) => {
    const def = deck.definition(name);
    const editable = def && deck.editor.editable(def);
    if (editable && 'readOnly' in editable) return editable.readOnly;
    nav.push({ screen: 'serverForm', server: name });
    return undefined;
  };
}
