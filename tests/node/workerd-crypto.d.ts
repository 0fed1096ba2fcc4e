// worker/galleries/password.ts compares keys with workerd's `crypto.subtle.timingSafeEqual`, an
// extension of WebCrypto that Node does not have. The Node tests import the worker's gallery
// parsers (plain functions) from modules beside it, so this program's type-checker is told the
// extension exists. Nothing in Node calls it: the comparison is tested where it runs, in workerd
// (tests/worker/studio-gallery-password.test.ts).
interface SubtleCrypto {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
}
