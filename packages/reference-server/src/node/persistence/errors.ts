/**
 * A data file that cannot be used as it is: damaged, of another format or version, or not
 * readable. The server refuses to start and leaves the file as it is. The message names the
 * file (and the line, when one line is at fault) and says what to do.
 */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    readonly line: number | undefined,
    readonly reason: string,
  ) {
    super(
      `${line === undefined ? path : `${path}:${line}`}: ${reason}\n` +
        'The data file was left untouched. Repair or move it away (starting without it seeds a new one), or start with another --data file.',
    );
    this.name = 'DataFileError';
  }
}
