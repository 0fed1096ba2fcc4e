// A command line that is wrong, as the command-line tools say so: the message names the
// problem, and the command prints its usage after it.
import { type ParseArgsConfig, parseArgs } from "node:util";

/** The command line is wrong: the message says how (the usage follows it). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The option names that would put a secret on the command line. */
const SECRET_OPTIONS = /^--?(token|auth|secret)(=|$)/i;

/**
 * Refuses an option that would carry the token: a command line is visible to every user of the
 * machine (and kept in shell histories), so the token comes from the environment only.
 */
export function refuseSecretOptions(argv: readonly string[]): void {
  const secret = argv.find((arg) => SECRET_OPTIONS.test(arg));
  if (secret) {
    throw new UsageError(
      `${secret.split("=")[0]} is not an option: the token is read from SANITY_TOKEN in .dev.vars or the environment, never from the command line`,
    );
  }
}

/** A whole number option within bounds, or undefined when it was not given. */
export function wholeNumber(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return Number(value);
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * A command's arguments read with Node's `parseArgs` (positionals allowed), after refusing any
 * that would carry the token; a malformed one is a UsageError, which the command prints with
 * its usage.
 */
export function parseCommandLine<O extends Options>(argv: readonly string[], options: O) {
  refuseSecretOptions(argv);
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
