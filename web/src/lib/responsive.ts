/** A table cell shown from the `sm` breakpoint up: a column a phone's width leaves out. */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** A line shown below the `sm` breakpoint only: what a left-out column says, in its row. */
export const narrowOnly = { display: { xs: 'block', sm: 'none' } } as const;
