import { useEffect, useState } from 'react';
import { loadValidator, validatorLoaded } from '../../core/schema/validator.js';

/**
 * Whether schemas can be checked yet: a form loads the checker as it opens (it is not
 * loaded at start) and draws again, with its checks, once it is in.
 */
export function useValidatorLoaded(): boolean {
  const [loaded, setLoaded] = useState(validatorLoaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadValidator().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}
