/** Upload fixtures for server tests: a real image and multipart bodies for app.inject. */

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A text field or a file of a multipart form. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body for app.inject with the given fields and files, in order. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if ('value' in p) chunks.push(Buffer.from(`${disposition}\r\n\r\n${p.value}\r\n`));
    else
      chunks.push(
        Buffer.from(`${disposition}; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
        p.bytes,
        Buffer.from('\r\n'),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const multipart = (field: string, filename: string, contentType: string, bytes: Buffer) =>
  multipartForm([{ name: field, filename, type: contentType, bytes }]);
