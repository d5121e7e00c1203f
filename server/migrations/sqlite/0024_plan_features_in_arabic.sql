-- Each plan's features in Arabic too, answered to a request in Arabic (`Accept-Language`).
ALTER TABLE plans ADD COLUMN features_ar TEXT NOT NULL DEFAULT '[]';
UPDATE plans SET features_ar =
    '["حتى 25 مدفأة","الغرف والمناطق والجداول","تحليلات الطاقة والتكلفة وثاني أكسيد الكربون","إشعارات بالبريد الإلكتروني"]'
    WHERE key = 'starter';
UPDATE plans SET features_ar =
    '["حتى 100 مدفأة","كل ما في Starter","الأتمتة: التوفير والحماية من التجمد والنافذة المفتوحة","الرؤى وتنزيل ملفات CSV"]'
    WHERE key = 'business';
UPDATE plans SET features_ar =
    '["حتى 1,000 مدفأة","كل ما في Business","عدة مبانٍ كمناطق","دعم ذو أولوية"]'
    WHERE key = 'estate';
