export type UploadedFile = { name: string; type: string; text: string };
export type MultipartFields = Map<string, string | UploadedFile>;

/**
 * Reads a multipart/form-data request in an msw handler. Node's own parser cannot build File objects
 * under jsdom, so the tests read the parts themselves: text fields as strings, files as name, type, text.
 */
export async function readMultipart(request: Request): Promise<MultipartFields> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  if (!boundary) throw new Error('not a multipart request');
  const body = await request.text();
  const fields: MultipartFields = new Map();
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`).slice(1, -1)) {
    const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '';
    fields.set(name, filename === undefined ? content : { name: filename, type, text: content });
  }
  return fields;
}
