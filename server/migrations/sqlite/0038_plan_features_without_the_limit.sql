-- A plan's card shows its radiator limit from `radiator_limit`; the first feature said it again.
-- It now says who the plan is for.
UPDATE plans SET
    features = '["For a shop, a café or a small office","Every screen: rooms, zones, schedules, automations, analytics and insights","Email notifications","Help by email"]',
    features_ar = '["لمتجر أو مقهى أو مكتب صغير","كل الشاشات: الغرف والمناطق والجداول والأتمتة والتحليلات والرؤى","إشعارات بالبريد الإلكتروني","مساعدة عبر البريد الإلكتروني"]'
    WHERE key = 'starter';
UPDATE plans SET
    features = '["For an office building or a school","Everything in Starter"]',
    features_ar = '["لمبنى مكاتب أو مدرسة","كل ما في Starter"]'
    WHERE key = 'business';
UPDATE plans SET
    features = '["For several buildings, each a zone","Everything in Business","Priority support"]',
    features_ar = '["لعدة مبانٍ، كل منها منطقة","كل ما في Business","دعم ذو أولوية"]'
    WHERE key = 'estate';
