import type { FontSet } from './fonts/font-set.js';
import type { PdfDocument } from './pdf-document.js';
import type { PlanGrid } from './plan-grid.js';
import { planLabels } from './plan-labels.js';
import { layoutPlan } from './plan-layout.js';

/** The PDF of a patient's plan page: the grid laid out on A4 landscape pages. */
export function planDocument(grid: PlanGrid, fonts: FontSet, generatedAt: Date): PdfDocument {
  return {
    title: planLabels(grid.language).documentTitle(grid.patient.name, grid.range.from, grid.range.to),
    pageUrl: grid.pageUrl,
    generatedAt: generatedAt.toISOString(),
    drawing: layoutPlan(grid, fonts),
  };
}
