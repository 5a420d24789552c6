/** The expectations a person can pick from a result (their own module: the options that name them load nothing else). */
export type ExpectationKind = 'text' | 'contains' | 'structured' | 'schema' | 'isError' | 'duration';
export const EXPECTATION_KINDS: readonly ExpectationKind[] = ['text', 'contains', 'structured', 'schema', 'isError', 'duration'];
