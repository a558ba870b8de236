import picocolors from 'picocolors';

/** The colour functions of picocolors; identity functions when colour is off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** No colour: the text formatters' output as plain text, for reports that style it their own way (HTML). */
export const PLAIN: Colors = picocolors.createColors(false);
