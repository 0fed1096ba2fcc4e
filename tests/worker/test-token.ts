/** A token the worker tests set so they can prove it never reaches a response or a log line. */
export const TEST_TOKEN = "skTestTokenThatMustNeverAppearInAnyResponse0123456789";
