// Libraries only some requests need, loaded the first time one does: spreadsheets (exceljs), PDFs
// (pdfkit) and mail (nodemailer, only with SMTP_URL) are large CommonJS packages whose loading took a
// good part of the server's cold start.
// import() loads each once; later calls get the same module.

/** exceljs: workbooks for exports, report jobs and imports. */
export async function excel() {
  return (await import('exceljs')).default;
}

/** pdfkit's document class: pay stubs, statements of earnings, invoices. */
export async function pdfDocument() {
  return (await import('pdfkit')).default;
}

/** nodemailer: notification mail, when SMTP_URL is set. */
export async function mailer() {
  return (await import('nodemailer')).default;
}
