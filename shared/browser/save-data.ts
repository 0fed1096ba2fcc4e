/** The visitor asked for fewer bytes (Save-Data): nothing is fetched ahead of need. */
export const saveData = (): boolean =>
  (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
