import { setFlagsFromString } from 'node:v8';

// V8's own test: whether two objects share a hidden class (a map). Objects that do not
// each carry a map and its descriptors, a few hundred bytes apiece: at 100,000 tools that
// is tens of MB. The flag is set before the function is compiled, so it takes effect here.
setFlagsFromString('--allow-natives-syntax');
const same = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** How many of `objects` have a hidden class other than the first one's. */
export function shapesApart(objects: readonly object[]): number {
  return objects.filter((o) => !same(objects[0]!, o)).length;
}
