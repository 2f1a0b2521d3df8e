import qrcode from 'qrcode-generator';

/** What a cumulative-return poster says, already translated and formatted. */
export interface PosterText {
  brand: string;
  label: string;
  amount: string;
  caption: string;
  codeLine: string;
  scan: string;
  link: string;
}

export const POSTER_WIDTH = 720;
export const POSTER_HEIGHT = 1080;

/** Draws the poster on a canvas of POSTER_WIDTH x POSTER_HEIGHT: brand, the return, a caption and the referral QR code. */
export function drawPoster(ctx: CanvasRenderingContext2D, text: PosterText): void {
  const w = POSTER_WIDTH;
  const h = POSTER_HEIGHT;
  const font = (weight: number, px: number) =>
    `${weight} ${px}px -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", sans-serif`;
  const background = ctx.createLinearGradient(0, 0, w, h);
  background.addColorStop(0, '#0b3d3a');
  background.addColorStop(1, '#0ca678');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, w, h);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#ffffff';
  ctx.font = font(700, 44);
  ctx.fillText(text.brand, w / 2, 130, w - 80);
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.font = font(400, 30);
  ctx.fillText(text.label, w / 2, 300, w - 80);
  ctx.fillStyle = '#ffffff';
  // The amount shrinks to fit: a long 8-place figure must never be cut.
  let size = 72;
  ctx.font = font(700, size);
  while (ctx.measureText(text.amount).width > w - 80 && size > 28) {
    size -= 4;
    ctx.font = font(700, size);
  }
  ctx.fillText(text.amount, w / 2, 400);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.font = font(400, 28);
  ctx.fillText(text.caption, w / 2, 480, w - 80);

  const card = { x: 60, y: 620, w: w - 120, h: 360 };
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(card.x, card.y, card.w, card.h, 24);
  ctx.fill();
  const qr = qrcode(0, 'M');
  qr.addData(text.link);
  qr.make();
  const cells = qr.getModuleCount();
  const cell = Math.floor(260 / cells);
  const qrSize = cell * cells;
  const qrX = card.x + 40;
  const qrY = card.y + (card.h - qrSize) / 2;
  ctx.fillStyle = '#000000';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      if (qr.isDark(row, col)) ctx.fillRect(qrX + col * cell, qrY + row * cell, cell, cell);
    }
  }
  ctx.textAlign = 'left';
  const textX = qrX + qrSize + 32;
  const textW = card.x + card.w - textX - 24;
  ctx.fillStyle = '#212529';
  ctx.font = font(700, 28);
  ctx.fillText(text.codeLine, textX, card.y + 150, textW);
  ctx.fillStyle = '#495057';
  ctx.font = font(400, 24);
  ctx.fillText(text.scan, textX, card.y + 200, textW);
}
