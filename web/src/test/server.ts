import { setupServer } from 'msw/node';

/** The mock API of the unit tests; each test adds the handlers it needs. */
export const server = setupServer();
