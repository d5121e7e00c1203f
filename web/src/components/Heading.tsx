import Typography from '@mui/material/Typography';

/** A title and the sentence that introduces what follows it. */
export function Heading({
  title,
  intro,
  variant = 'h1',
  space = 2,
}: {
  title: string;
  intro: string;
  variant?: 'h1' | 'h2';
  /** The space below the sentence, in theme spacing units. */
  space?: number;
}) {
  return (
    <>
      <Typography variant={variant} gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: space }}>
        {intro}
      </Typography>
    </>
  );
}
