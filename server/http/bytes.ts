/** A Buffer as the plain Uint8Array a Response body takes, without copying it. */
export function asBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
