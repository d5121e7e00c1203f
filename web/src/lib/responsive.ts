/** A table cell shown from the `sm` breakpoint up: a column a phone's width leaves out. */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
