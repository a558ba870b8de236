import type picocolors from 'picocolors';

/** The colour functions of picocolors; identity functions when colour is off. */
export type Colors = ReturnType<typeof picocolors.createColors>;
