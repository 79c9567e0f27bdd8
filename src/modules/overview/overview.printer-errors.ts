/** The PDF printer's one error (a leaf file, so the printer and its queue can both throw it). */
import { AppError } from '../../lib/app-error.ts';

/** No Chromium is configured, it would not start, or it is busy: the PDF cannot be made now (503 pdf_unavailable). */
export class PdfUnavailableError extends AppError {
  constructor(
    message = 'PDF reports are not available on this installation: no Chromium is configured.',
    retryAfterSeconds = 60,
  ) {
    super('pdf_unavailable', message, { headers: { 'retry-after': String(retryAfterSeconds) } });
    this.name = 'PdfUnavailableError';
  }
}
