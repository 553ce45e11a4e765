/** Hands a file to the browser as a download (no File System Access dialog: automated browsers cannot answer it). */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL only holds memory after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
