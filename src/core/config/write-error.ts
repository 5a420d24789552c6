/** A configuration file that cannot be read or changed safely; the message says what to fix. */
export class ConfigWriteError extends Error {}
