import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The subscriptionPlan area of spec §3; its calls and screens arrive with the issue that builds them.
export interface SubscriptionPlanState {
  isLoading: boolean;
  subscriptionPlans: unknown[];
  planChoosed: unknown;
  paymentIntent: unknown;
  userPlan: unknown;
}

const initialState: SubscriptionPlanState = {
  isLoading: false,
  subscriptionPlans: [],
  planChoosed: null,
  paymentIntent: null,
  userPlan: null,
};

export const subscriptionPlanSlice = createSlice({
  name: 'subscriptionPlan',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
