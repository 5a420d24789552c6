import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { Pager } from '../widgets/pager/Pager.js';

/** The whole entry in the pager; esc (or d again) goes back to the page, once a kept search is cleared (the pager's own keys come first). */
export function WholeEntry({ text, width, height, onClose }: { text: string; width: number; height: number; onClose: () => void }) {
  useKeys(['registryServer', 'global'], { back: onClose, wholeEntry: onClose }, { priority: PRIORITY.screen });
  return <Pager text={text} width={width} height={height} />;
}
