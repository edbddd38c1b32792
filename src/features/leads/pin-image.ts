// A map pin drawn on a canvas (no sprite server needed offline): a teardrop in the given colour with a
// white rim and a white dot, at twice the CSS size for sharp screens (added with pixelRatio 2).
export const PIN_WIDTH = 44;
export const PIN_HEIGHT = 56;

export function drawPin(color: string): { width: number; height: number; data: Uint8ClampedArray } {
  const canvas = document.createElement('canvas');
  canvas.width = PIN_WIDTH;
  canvas.height = PIN_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx)
    return { width: PIN_WIDTH, height: PIN_HEIGHT, data: new Uint8ClampedArray(PIN_WIDTH * PIN_HEIGHT * 4) };
  const cx = PIN_WIDTH / 2;
  const r = 18;
  const cy = r + 3;
  ctx.beginPath();
  ctx.moveTo(cx, PIN_HEIGHT - 2);
  ctx.bezierCurveTo(cx - 6, cy + r * 0.9, cx - r, cy + r * 0.55, cx - r, cy);
  ctx.arc(cx, cy, r, Math.PI, 0, false);
  ctx.bezierCurveTo(cx + r, cy + r * 0.55, cx + 6, cy + r * 0.9, cx, PIN_HEIGHT - 2);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, 6.5, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  const image = ctx.getImageData(0, 0, PIN_WIDTH, PIN_HEIGHT);
  return { width: PIN_WIDTH, height: PIN_HEIGHT, data: image.data };
}
