import PDFDocument from 'pdfkit';
import { BADGE_ROLE_TEXT, formatCredentialTime, ratioPercent, type BadgeIdentity } from '@vigil/contract';

/** One tap as the PDF lists it. */
export interface PdfTap {
  at: number;
  accessPoint: string;
  /** 'Verified match', 'Face matches', 'Face does not match', 'No face at the door' */
  state: string;
  flags: string[];
  /** the door face's crop (JPEG), when there is one */
  image: Buffer | null;
}

export interface PdfSection {
  identity: BadgeIdentity;
  taps: PdfTap[];
}

const ROW = 54;
const IMAGE = 44;

/**
 * A tenant or unit report as a PDF (pdfkit, its built-in Helvetica: no font files to ship): per identity the holder,
 * unit, role, match ratio and taps, then the recent taps with the face seen at the door and whether it was verified.
 */
export function renderCredentialPdf(o: { title: string; building: string; generatedAt: number; sections: PdfSection[] }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: o.title, Creator: 'Vigil' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(o.title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555')
    .text(`${o.building} · generated ${formatCredentialTime(o.generatedAt)}`);
  doc.fillColor('#000');
  for (const section of o.sections) {
    const i = section.identity;
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(14).text(i.name);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Identity ${i.identityId} · ${BADGE_ROLE_TEXT[i.role]}${i.unit ? ` · Unit ${i.unit}` : ''}`);
    if (i.person_name) doc.text(`Registry person: ${i.person_name}`);
    doc.text(
      `Match ratio ${ratioPercent(i.matchRatio)} (${i.matched} of ${i.total - i.nullMatched} taps with a face) · ${i.total} taps · ${i.nullMatched} with no face · ${i.wellTrained ? 'well trained' : 'Needs Training'}`,
    );
    doc.text(`Credentials: ${i.credentials.map((c) => c.label).join(', ') || 'none'}`);
    doc.moveDown(0.5);
    if (section.taps.length === 0) doc.text("This keycard hasn't been used yet.");
    for (const tap of section.taps) {
      if (doc.y + ROW > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      const left = doc.page.margins.left;
      if (tap.image) {
        try {
          doc.image(tap.image, left, top, { fit: [IMAGE, IMAGE] });
        } catch {
          // a picture pdfkit cannot read is left out, the row stays
        }
      } else doc.rect(left, top, IMAGE, IMAGE).strokeColor('#bbb').stroke().strokeColor('#000');
      doc.fontSize(10).text(formatCredentialTime(tap.at), left + IMAGE + 10, top + 4, { continued: false });
      doc
        .fillColor('#555')
        .text(`${tap.accessPoint} · ${tap.state}${tap.flags.length ? ` · ${tap.flags.join(', ')}` : ''}`, left + IMAGE + 10);
      doc.fillColor('#000');
      doc.x = left;
      doc.y = top + ROW;
    }
  }
  doc.end();
  return done;
}
