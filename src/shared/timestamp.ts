/**
 * A Date read from the database that keeps its ISO 8601 text, made from the database's own digits as it was read:
 * the DateTime scalar answers with it instead of formatting the date again (`toISOString` is slow enough to show on
 * a page of a few hundred dates). Should the date be changed afterwards, the text no longer applies and is not used.
 */
export class Timestamp extends Date {
  readonly #at: number;
  readonly #iso: string;

  constructor(at: number, iso: string) {
    super(at);
    this.#at = at;
    this.#iso = iso;
  }

  /** The ISO 8601 text of this instant, as `toISOString` would write it. */
  iso(): string {
    return this.getTime() === this.#at ? this.#iso : this.toISOString();
  }
}
