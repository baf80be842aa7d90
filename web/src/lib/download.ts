/**
 * Saving a file the SPA made (a receipt, the debug log) through a temporary link; its object URL is
 * released a second later, once the browser has started the download. Kept to this one function
 * because the crash screen (in the entry's chunk) uses it: opening the API's private files in a new
 * tab, which needs the token, is web/src/lib/private-file.ts.
 */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
