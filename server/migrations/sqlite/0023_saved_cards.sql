-- The card a paid plan renews on: the card provider's token for it (never the number) and its
-- last four digits. A renewal the card declines leaves the subscription 'past_due'.
ALTER TABLE subscriptions ADD COLUMN card_token TEXT;
ALTER TABLE subscriptions ADD COLUMN card_last4 TEXT;
