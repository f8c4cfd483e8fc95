/** The environment the settings are read from (tests pass their own). */
export type Env = NodeJS.ProcessEnv;

/** A setting the server cannot start with; the message names the variable. */
export class ConfigError extends Error {}
