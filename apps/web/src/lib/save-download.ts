/** A downloaded file handed to the browser to save: a temporary link to the Blob, clicked, then let go. */
export function saveDownload({ blob, fileName }: { blob: Blob; fileName: string }): string {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
