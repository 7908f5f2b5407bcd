/** The charts' frame: the drawing's size in SVG units (it scales to its box) and its margins. */
export const chartFrame = (height: number) => ({
  width: 640,
  height,
  left: 40,
  right: 12,
  top: 8,
  bottom: 28,
});

/** The axes' look, the same on every chart: slate lines, labels dark enough to read (AA). */
export const AXIS_PROPS = {
  stroke: '#94a3b8',
  tickStroke: '#94a3b8',
  tickLabelProps: { fill: '#334155', fontSize: 11 },
} as const;
