/**
 * COPY ... FROM STDIN over node-postgres without an extra package: a minimal "submittable" (the same
 * mechanism pg-copy-streams uses) that sends the whole payload once the server asks for it.
 */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

export interface PgQueryable {
  query(submittable: object): unknown;
  query(text: string): Promise<unknown>;
}

class CopyFromSubmittable {
  private error: Error | null = null;
  constructor(
    private readonly text: string,
    private readonly payload: Buffer,
    private readonly resolve: () => void,
    private readonly reject: (error: Error) => void,
  ) {}

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    if (this.payload.length > 0) connection.sendCopyFromChunk(this.payload);
    connection.endCopyFrom();
  }

  handleCommandComplete(): void {}

  /** pg detaches the active query on an error, so ReadyForQuery never reaches it: settle now */
  handleError(error: Error): void {
    this.error = error;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (!this.error) this.resolve();
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

export function pgCopyFrom(client: PgQueryable, statement: string, text: string | Uint8Array): Promise<void> {
  const payload = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  return new Promise<void>((resolve, reject) => {
    client.query(new CopyFromSubmittable(statement, payload, resolve, reject));
  });
}
