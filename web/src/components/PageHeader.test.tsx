import { render, screen } from '@testing-library/react';
import { PageHeader } from './PageHeader';

describe('a page header', () => {
  it('isolates its title, so a typed name keeps its own order on a right-to-left page', () => {
    render(
      <div dir="rtl">
        <PageHeader title="Hall / ä?#">{null}</PageHeader>
      </div>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Hall / ä?#' });
    expect(heading.querySelector('bdi')).toHaveTextContent('Hall / ä?#');
  });
});
