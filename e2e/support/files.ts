/** Files a user picks in a file chooser: a real one-page PDF (made with pdf-lib), written in the test's own output folder. */
import { writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A valid one-page PDF with `text` on it, as bytes. */
export async function makePdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText(text, { x: 56, y: 760, size: 18, font });
  return Buffer.from(await document.save());
}

/** Writes `contents` as `name` in the test's output folder (removed with the test's results) and returns its path. */
export function writeTestFile(testInfo: TestInfo, name: string, contents: Buffer | string): string {
  const path = testInfo.outputPath(name);
  writeFileSync(path, contents);
  return path;
}
