/**
 * A TCP relay between the server under test and PostgreSQL, with the faults of a real network
 * (issue 31). Point the server at `relay.url(databaseUrl)` instead of the database:
 *
 *   const relay = await startTcpRelay(databaseUrl);
 *   const database = await openPostgres(relay.url(databaseUrl), 4, limits);
 *
 * Controls (each takes effect at once, on every connection through the relay):
 * - `resetAll()`: every connection is torn down now, both ways: the client's socket is reset
 *   (ECONNRESET), the server's closed (its backend ends; an open transaction is rolled back).
 *   Connections made after it pass as usual.
 * - `partition(true)`: nothing is forwarded either way and every socket is held open, as a
 *   network that went silent (no reset, no refusal: only timeouts notice it). New connections
 *   are held too (accepted, never forwarded) or, with `{ newConnections: 'refuse' }`, reset at once.
 *   `partition(false)` heals it: what waited is delivered, held new connections reach the server.
 * - `dropCommitReplies(count)`: the next `count` COMMITs that clients send (a simple Query, or the
 *   Execute of a statement parsed as COMMIT) are forwarded to the server, which commits, but
 *   everything the server answers from then on is swallowed and that connection is closed once the
 *   server is ready again: the commit happened and the client never learns it.
 *   `stats().commitRepliesDropped` counts the COMMITs so treated.
 * - `stats()`: connections open now, accepted so far, and COMMIT replies dropped.
 * - `close()`: stops listening and tears every connection down.
 *
 * The relay reads PostgreSQL's wire protocol only as far as COMMIT needs: the untyped first
 * messages (SSLRequest and GSSENCRequest, answered by one byte, then the startup packet), then
 * typed messages (1-byte type, int32 length counting itself) both ways. A connection that
 * switches to TLS is relayed blindly.
 */
import net from 'node:net';

export interface TcpRelay {
  /** The local port the relay listens on (127.0.0.1). */
  readonly port: number;
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url(databaseUrl: string): string;
  resetAll(): void;
  partition(on: boolean, opts?: { newConnections?: 'hold' | 'refuse' }): void;
  dropCommitReplies(count: number): void;
  stats(): { open: number; accepted: number; commitRepliesDropped: number };
  close(): Promise<void>;
}

/** Untyped first messages: the request codes of SSLRequest and GSSENCRequest. */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const COMMIT_SQL = /^\s*(commit|end)(\s+(work|transaction))?\s*;?\s*$/i;

/** Splits one direction of the protocol into messages; `onMessage` sees each one whole. */
class MessageReader {
  private buffered: Buffer = Buffer.alloc(0);
  /** Untyped messages still to come (client: the startup packet and requests before it). */
  untyped: number;
  /** Single bytes still to come (server: its answer to an SSLRequest or GSSENCRequest). */
  singleBytes = 0;
  blind = false;

  constructor(
    untyped: number,
    private readonly onMessage: (type: string, body: Buffer) => void,
  ) {
    this.untyped = untyped;
  }

  push(chunk: Buffer): void {
    if (this.blind) return;
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    for (;;) {
      if (this.singleBytes > 0) {
        if (this.buffered.length < 1) return;
        this.onMessage('', this.buffered.subarray(0, 1));
        this.buffered = this.buffered.subarray(1);
        this.singleBytes -= 1;
        continue;
      }
      const headerLength = this.untyped > 0 ? 0 : 1;
      if (this.buffered.length < headerLength + 4) return;
      const length = this.buffered.readInt32BE(headerLength);
      const total = headerLength + length;
      if (this.buffered.length < total) return;
      const type = headerLength ? String.fromCharCode(this.buffered[0] as number) : '';
      const body = this.buffered.subarray(headerLength + 4, total);
      this.buffered = this.buffered.subarray(total);
      if (!headerLength) this.untyped -= 1;
      this.onMessage(type, body);
      if (this.blind) return;
    }
  }
}

/** A NUL-terminated string at `offset` of `body`, and the offset after it. */
function cString(body: Buffer, offset: number): [string, number] {
  const end = body.indexOf(0, offset);
  const stop = end < 0 ? body.length : end;
  return [body.toString('utf8', offset, stop), stop + 1];
}

export async function startTcpRelay(databaseUrl: string): Promise<TcpRelay> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const links = new Set<Link>();
  let accepted = 0;
  let commitRepliesDropped = 0;
  let commitsToDrop = 0;
  let partitioned = false;
  let refuseNew = false;

  /** One client connection and its connection to the server. */
  class Link {
    upstream: net.Socket | undefined;
    /** The server's replies are swallowed from the COMMIT on; the link closes at ReadyForQuery. */
    swallowing = false;
    /** Prepared statements and portals by name, to know what an Execute runs. */
    statements = new Map<string, string>();
    portals = new Map<string, string>();
    fromClient = new MessageReader(1, (type, body) => this.clientMessage(type, body));
    fromServer = new MessageReader(0, (type, body) => this.serverMessage(type, body));

    constructor(readonly client: net.Socket) {
      links.add(this);
      client.on('error', () => this.destroy());
      client.on('close', () => this.destroy());
      client.on('data', (chunk: Buffer) => {
        this.fromClient.push(chunk);
        this.upstream?.write(chunk);
      });
      if (partitioned) client.pause();
      else this.connect();
    }

    connect(): void {
      if (this.upstream) return;
      const upstream = net.connect(targetPort, targetHost);
      this.upstream = upstream;
      upstream.on('error', () => this.destroy());
      upstream.on('close', () => this.destroy());
      upstream.on('data', (chunk: Buffer) => {
        this.fromServer.push(chunk);
        if (!this.swallowing) this.client.write(chunk);
      });
    }

    clientMessage(type: string, body: Buffer): void {
      if (type === '') {
        const code = body.length >= 4 ? body.readInt32BE(0) : 0;
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.fromClient.untyped += 1; // the startup packet follows the server's one-byte answer
          this.fromServer.singleBytes += 1;
        }
        return;
      }
      let sql: string | undefined;
      if (type === 'Q') [sql] = cString(body, 0);
      else if (type === 'P') {
        const [name, next] = cString(body, 0);
        this.statements.set(name, cString(body, next)[0]);
      } else if (type === 'B') {
        const [portal, next] = cString(body, 0);
        this.portals.set(portal, this.statements.get(cString(body, next)[0]) ?? '');
      } else if (type === 'E') sql = this.portals.get(cString(body, 0)[0]);
      if (sql !== undefined && commitsToDrop > 0 && COMMIT_SQL.test(sql)) {
        commitsToDrop -= 1;
        commitRepliesDropped += 1;
        this.swallowing = true;
      }
    }

    serverMessage(type: string, body: Buffer): void {
      // 'S' (or 'G') answering an SSLRequest (GSSENCRequest): the rest is encrypted, relayed blindly.
      if (type === '' && (body[0] === 0x53 || body[0] === 0x47)) {
        this.fromClient.blind = this.fromServer.blind = true;
      }
      if (this.swallowing && type === 'Z') this.destroy();
    }

    pause(): void {
      this.client.pause();
      this.upstream?.pause();
    }

    resume(): void {
      this.connect();
      this.client.resume();
      this.upstream?.resume();
    }

    destroy(reset = false): void {
      if (!links.delete(this)) return;
      if (reset && !this.client.destroyed) this.client.resetAndDestroy();
      else this.client.destroy();
      this.upstream?.destroy();
    }
  }

  const server = net.createServer((client) => {
    accepted += 1;
    if (partitioned && refuseNew) {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    new Link(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    resetAll() {
      for (const link of [...links]) link.destroy(true);
    },
    partition(on, opts = {}) {
      partitioned = on;
      refuseNew = on && opts.newConnections === 'refuse';
      for (const link of links) {
        if (on) link.pause();
        else link.resume();
      }
    },
    dropCommitReplies(count) {
      commitsToDrop += count;
    },
    stats: () => ({ open: links.size, accepted, commitRepliesDropped }),
    async close() {
      for (const link of [...links]) link.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
