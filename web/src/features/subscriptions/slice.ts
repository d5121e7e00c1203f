import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { subscriptionsApi } from './api';
import type { PaymentIntent, Plan, UserPlan } from './types';

/** Spec §3's `subscriptionPlan` area. */
export interface SubscriptionPlanState {
  isLoading: boolean;
  subscriptionPlans: Plan[];
  /** What paying for each plan now would charge, in pence, by plan id: an upgrade's price
   *  less the rest of the month already paid. */
  paysNowPence: Record<string, number>;
  /** The plan chosen on /subscription-plan, paid for on /plan-payment. */
  planChoosed: Plan | null;
  /** The checkout opened in a new tab, until the plan it pays for is active. */
  paymentIntent: PaymentIntent | null;
  userPlan: UserPlan | null;
  /** Cards declined in the checkout the business has open, as last read. */
  declinedInCheckout: number;
  error: string | null;
}

const initialState: SubscriptionPlanState = {
  isLoading: false,
  subscriptionPlans: [],
  paysNowPence: {},
  planChoosed: null,
  paymentIntent: null,
  userPlan: null,
  declinedInCheckout: 0,
  error: null,
};

export const fetchPlans = apiThunk(
  'subscriptionPlan/fetchPlans',
  async () => (await subscriptionsApi.plans()).data.data,
  logLoadFailure('plans'),
);

export const fetchUserPlan = apiThunk(
  'subscriptionPlan/fetchUserPlan',
  async () => (await subscriptionsApi.userPlan()).data.data,
  logLoadFailure('your plan'),
);

export const subscriptionPlanSlice = createSlice({
  name: 'subscriptionPlan',
  initialState,
  reducers: {
    /** A checkout opened for another plan is no longer this payment's: the page opens a new one. */
    planChosen: (state, action: PayloadAction<Plan>) => {
      state.planChoosed = action.payload;
      if (state.paymentIntent?.planId !== action.payload.id) state.paymentIntent = null;
    },
    paymentStarted: (state, action: PayloadAction<PaymentIntent>) => {
      state.paymentIntent = action.payload;
    },
    userPlanChanged: (state, action: PayloadAction<UserPlan>) => {
      state.userPlan = action.payload;
    },
    /** Spec §3: reset clears the chosen plan and the payment intent. */
    reset: (state) => {
      state.planChoosed = null;
      state.paymentIntent = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchPlans, (state, { plans, pays_now_pence }) => {
      state.subscriptionPlans = plans;
      state.paysNowPence = pays_now_pence;
    });
    addLoad(builder, fetchUserPlan, (state, { plan, declined_in_checkout }) => {
      state.userPlan = plan;
      state.declinedInCheckout = declined_in_checkout;
    });
  },
});

export const { planChosen, paymentStarted, userPlanChanged, reset } = subscriptionPlanSlice.actions;
