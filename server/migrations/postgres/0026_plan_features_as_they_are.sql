-- Every plan has every screen; the plans differ in how many radiators they control (and the
-- Estate plan in its support). The features listed said otherwise: they say this now.
UPDATE plans SET
    features = '["Up to 25 radiators: a shop, a café or a small office","Every screen: rooms, zones, schedules, automations, analytics and insights","Email notifications","Help by email"]',
    features_ar = '["حتى 25 مدفأة: متجر أو مقهى أو مكتب صغير","كل الشاشات: الغرف والمناطق والجداول والأتمتة والتحليلات والرؤى","إشعارات بالبريد الإلكتروني","مساعدة عبر البريد الإلكتروني"]'
    WHERE key = 'starter';
UPDATE plans SET
    features = '["Up to 100 radiators: an office building or a school","Everything in Starter"]',
    features_ar = '["حتى 100 مدفأة: مبنى مكاتب أو مدرسة","كل ما في Starter"]'
    WHERE key = 'business';
UPDATE plans SET
    features = '["Up to 1,000 radiators: several buildings, each a zone","Everything in Business","Priority support"]',
    features_ar = '["حتى 1,000 مدفأة: عدة مبانٍ، كل منها منطقة","كل ما في Business","دعم ذو أولوية"]'
    WHERE key = 'estate';
