/** The PDF header's signature; readers (Acrobat, pdf.js) accept it anywhere in the first 1024 bytes. */
const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const SEARCH_WINDOW = 1024;

/** True when the bytes carry the PDF signature: the file's type by its content, never by its name. */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length, SEARCH_WINDOW) - SIGNATURE.length;
  outer: for (let start = 0; start <= last; start++) {
    for (let offset = 0; offset < SIGNATURE.length; offset++) {
      if (bytes[start + offset] !== SIGNATURE[offset]) continue outer;
    }
    return true;
  }
  return false;
}
