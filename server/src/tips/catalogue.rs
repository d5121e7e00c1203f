//! The tips themselves, in English and in Arabic.

/// A tip's words in one language.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Words {
    pub title: &'static str,
    pub body: &'static str,
}

const fn words(title: &'static str, body: &'static str) -> Words {
    Words { title, body }
}

/// A tip in the languages of the web app: English and Arabic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tip {
    pub id: &'static str,
    /// `schedules`, `temperature`, `automations`, `building`, `people` or `tariff`.
    pub category: &'static str,
    /// The typical share of heating energy saved, %.
    pub estimated_saving_percent: f64,
    /// The page of the web app to act on it; none for what is done in the building itself.
    pub action_path: Option<&'static str>,
    pub english: Words,
    pub arabic: Words,
}

const fn tip(
    id: &'static str,
    category: &'static str,
    estimated_saving_percent: f64,
    action_path: Option<&'static str>,
    english: Words,
    arabic: Words,
) -> Tip {
    Tip { id, category, estimated_saving_percent, action_path, english, arabic }
}

/// Every tip, largest estimated saving first, in English and then in Arabic.
pub const TIPS: [Tip; 22] = [
    tip(
        "opening-hours",
        "schedules",
        25.0,
        Some("/schedules"),
        words(
            "Heat only while the building is open",
            "An office heated around the clock spends most of its heating energy on empty rooms. A weekday schedule for opening hours, with rooms off or at frost protection outside them, typically saves a quarter of heating energy.",
        ),
        words(
            "دفّئ المبنى فقط أثناء ساعات العمل",
            "المكتب الذي يُدفّأ على مدار الساعة ينفق معظم طاقة تدفئته على غرف فارغة. جدول لأيام الأسبوع يغطي ساعات العمل، مع إطفاء الغرف أو إبقائها على الحماية من التجمد خارجها، يوفّر عادةً ربع طاقة التدفئة.",
        ),
    ),
    tip(
        "roof-insulation",
        "building",
        10.0,
        None,
        words(
            "Insulate the roof space",
            "A quarter of a building's heat can leave through an uninsulated roof. Bringing loft or roof insulation up to 270 mm is the building change that pays back fastest for most small premises.",
        ),
        words(
            "اعزل سقف المبنى",
            "قد يتسرب ربع حرارة المبنى عبر سقف غير معزول. رفع عزل السقف إلى 270 مم هو التغيير في المبنى الذي يسترد تكلفته أسرع من غيره في معظم المباني الصغيرة.",
        ),
    ),
    tip(
        "one-degree",
        "temperature",
        8.0,
        // The schedules' slots set what the rooms heat to (the comfort setpoint in the settings
        // is the baseline's, not the rooms').
        Some("/schedules"),
        words(
            "Heat 1 °C lower",
            "Each degree lower cuts heating energy by up to 8%. Most people work comfortably at 20 °C; lower your schedules' setpoints by 1 °C and watch the room usage chart.",
        ),
        words(
            "دفّئ بدرجة مئوية واحدة أقل",
            "كل درجة أقل تخفض طاقة التدفئة بما يصل إلى \u{2066}8%\u{2069}. يعمل معظم الناس براحة عند \u{2066}20\u{a0}°C\u{2069}؛ اخفض درجات جداولك درجة واحدة وراقب مخطط استهلاك الغرف.",
        ),
    ),
    tip(
        "weekends",
        "schedules",
        7.0,
        Some("/schedules"),
        words(
            "Check weekends and bank holidays",
            "A schedule written for weekdays that also runs on Saturdays, Sundays and bank holidays heats the building for nobody. Keep it to the days you open, and add bank holidays and closures under Closed days on the schedules page: on them every schedule keeps to its setback, or off.",
        ),
        words(
            "راجع عطلات نهاية الأسبوع والعطلات الرسمية",
            "الجدول المكتوب لأيام العمل إذا طُبّق أيضًا أيام السبت والأحد والعطلات الرسمية يدفّئ المبنى دون أن يكون فيه أحد. اقصره على أيام العمل، وأضف العطل الرسمية وفترات الإغلاق في قسم أيام الإغلاق بصفحة الجداول: فيها يلتزم كل جدول بدرجة الخفض أو يبقى مطفأً.",
        ),
    ),
    tip(
        "meeting-rooms",
        "schedules",
        6.0,
        Some("/schedules"),
        words(
            "Heat meeting rooms for their meetings",
            "Meeting rooms stand empty much of the day. Heat them for the hours they are booked and keep them at a setback temperature in between.",
        ),
        words(
            "دفّئ غرف الاجتماعات لاجتماعاتها فقط",
            "تبقى غرف الاجتماعات فارغة معظم اليوم. دفّئها في الساعات المحجوزة وأبقها على درجة مخفّضة فيما بينها.",
        ),
    ),
    tip(
        "optimum-start",
        "automations",
        5.0,
        Some("/settings?tab=automations"),
        words(
            "Let optimum start choose the switch-on time",
            "A fixed early start heats rooms for an hour or more before anyone arrives on mild days. Optimum start switches on just early enough for the room to reach its setpoint at opening time.",
        ),
        words(
            "دع التشغيل الأمثل يختار وقت البدء",
            "البدء المبكر الثابت يدفّئ الغرف ساعة أو أكثر قبل وصول أي أحد في الأيام المعتدلة. يبدأ التشغيل الأمثل التدفئة قبل الافتتاح بما يكفي فقط لتبلغ الغرفة درجتها المطلوبة.",
        ),
    ),
    tip(
        "night-heating",
        "schedules",
        5.0,
        Some("/analytics/rooms-usage"),
        words(
            "Look for radiators heating at night",
            "In the room usage chart, a room using energy outside working hours usually has a schedule left on or a radiator switched on by hand. Put it back on its schedule.",
        ),
        words(
            "ابحث عن المدافئ التي تعمل ليلًا",
            "في مخطط استهلاك الغرف، الغرفة التي تستهلك طاقة خارج ساعات العمل غالبًا لها جدول تُرك يعمل أو مدفأة شُغّلت يدويًا. أعدها إلى جدولها.",
        ),
    ),
    tip(
        "draughts",
        "building",
        5.0,
        None,
        words(
            "Draught-proof doors and windows",
            "Gaps around doors, windows and letterboxes let warm air out all day. Brush strips and seals cost little and make rooms near them feel warmer at the same setpoint.",
        ),
        words(
            "امنع تسرب الهواء من الأبواب والنوافذ",
            "الفجوات حول الأبواب والنوافذ وفتحات البريد تُخرج الهواء الدافئ طوال اليوم. أشرطة الفرشاة والعوازل رخيصة وتجعل الغرف القريبة منها أدفأ عند الدرجة نفسها.",
        ),
    ),
    tip(
        "dress-code",
        "people",
        5.0,
        None,
        words(
            "Agree a winter dress code",
            "Jumpers and jackets welcome at work let a business keep offices at 19–20 °C instead of 22 °C without complaints.",
        ),
        words(
            "اتفقوا على لباس شتوي للعمل",
            "السماح بالكنزات والسترات في العمل يتيح إبقاء المكاتب على \u{2066}19–20\u{a0}°C\u{2069} بدلًا من \u{2066}22\u{a0}°C\u{2069} دون شكوى.",
        ),
    ),
    tip(
        "corridors",
        "temperature",
        4.0,
        Some("/rooms"),
        words(
            "Keep corridors and stairwells cooler",
            "People pass through corridors, stairwells and store rooms without stopping. 16–18 °C is enough there; keep the comfort setpoint for the rooms people sit in.",
        ),
        words(
            "أبقِ الممرات وبيوت الدرج أبرد",
            "يمر الناس بالممرات وبيوت الدرج والمخازن دون أن يتوقفوا فيها. تكفيها \u{2066}16–18\u{a0}°C\u{2069}؛ واحفظ درجة الراحة للغرف التي يجلس فيها الناس.",
        ),
    ),
    tip(
        "early-off",
        "schedules",
        4.0,
        Some("/schedules"),
        words(
            "Switch off half an hour before closing",
            "A warm room loses its heat slowly. Ending the schedule 30 minutes before people leave saves that half hour of heating every day, and few notice.",
        ),
        words(
            "أطفئ التدفئة قبل الإغلاق بنصف ساعة",
            "تفقد الغرفة الدافئة حرارتها ببطء. إنهاء الجدول قبل مغادرة الناس بثلاثين دقيقة يوفّر تلك النصف ساعة من التدفئة كل يوم، وقلّما يلاحظ أحد.",
        ),
    ),
    tip(
        "fan-heaters",
        "people",
        4.0,
        None,
        words(
            "Take away portable fan heaters",
            "A 2 kW fan heater under a desk bypasses every schedule and budget and can use as much as a radiator. If a room is cold, fix its setpoint or its schedule instead.",
        ),
        words(
            "استغنِ عن المدافئ المروحية المتنقلة",
            "مدفأة مروحية بقدرة \u{2066}2\u{a0}kW\u{2069} تحت مكتب تتجاوز كل جدول وميزانية وقد تستهلك ما تستهلكه مدفأة. إن كانت الغرفة باردة فأصلح درجتها أو جدولها بدلًا من ذلك.",
        ),
    ),
    tip(
        "open-window",
        "automations",
        3.0,
        Some("/settings?tab=automations"),
        words(
            "Turn on open-window detection",
            "When a window is opened, the radiator under it heats the street. Open-window detection stops heating when the room temperature drops suddenly and starts again when it is closed.",
        ),
        words(
            "فعّل كشف النوافذ المفتوحة",
            "حين تُفتح نافذة، تدفّئ المدفأة التي تحتها الشارع. يوقف كشف النوافذ المفتوحة التدفئة حين تنخفض حرارة الغرفة فجأة، ويعيدها حين تُغلق النافذة.",
        ),
    ),
    tip(
        "frost-protection",
        "automations",
        3.0,
        Some("/settings?tab=automations"),
        words(
            "Keep empty rooms at frost protection, not comfort",
            "Store rooms, archives and rooms out of use need only frost protection (7 °C) to stop pipes and stock getting damp or frozen.",
        ),
        words(
            "أبقِ الغرف الفارغة على الحماية من التجمد لا على درجة الراحة",
            "المخازن والأرشيف والغرف غير المستخدمة لا تحتاج إلا إلى الحماية من التجمد (\u{2066}7\u{a0}°C\u{2069}) لتبقى الأنابيب والبضائع بعيدة عن الرطوبة والتجمد.",
        ),
    ),
    tip(
        "internal-doors",
        "people",
        3.0,
        None,
        words(
            "Keep doors between warm and cold spaces closed",
            "An open door between a heated office and an unheated warehouse or stairwell lets the radiators heat both. Self-closing doors keep the heat where it is paid for.",
        ),
        words(
            "أبقِ الأبواب بين الأماكن الدافئة والباردة مغلقة",
            "الباب المفتوح بين مكتب مدفّأ ومستودع أو بيت درج غير مدفّأ يجعل المدافئ تدفّئ المكانين. الأبواب ذاتية الإغلاق تُبقي الحرارة حيث تُدفع تكلفتها.",
        ),
    ),
    tip(
        "clear-radiators",
        "building",
        3.0,
        None,
        words(
            "Keep radiators clear",
            "Furniture, filing cabinets and long curtains in front of a radiator trap its heat and make its thermostat read warm. Leave a gap in front and above it.",
        ),
        words(
            "أبقِ المدافئ مكشوفة",
            "الأثاث وخزائن الملفات والستائر الطويلة أمام المدفأة تحبس حرارتها وتجعل منظّمها يقرأ حرارة أعلى. اترك فراغًا أمامها وفوقها.",
        ),
    ),
    tip(
        "zones",
        "schedules",
        2.0,
        Some("/zones"),
        words(
            "Group rooms of the same use into zones",
            "Rooms on one floor or of one kind share a pattern. In a zone, one schedule and one temperature change reach all of them, so none is left heating by mistake.",
        ),
        words(
            "اجمع الغرف المتشابهة الاستخدام في مناطق",
            "الغرف في طابق واحد أو من نوع واحد تتبع نمطًا واحدًا. في المنطقة يصل جدول واحد وتغيير واحد للدرجة إليها جميعًا، فلا تبقى إحداها تُدفّأ خطأً.",
        ),
    ),
    tip(
        "reflective-panels",
        "building",
        2.0,
        None,
        words(
            "Fit reflective panels behind radiators on outside walls",
            "A foil panel behind a radiator on an outside wall sends heat back into the room instead of through the wall.",
        ),
        words(
            "ركّب ألواحًا عاكسة خلف المدافئ على الجدران الخارجية",
            "لوح من رقائق معدنية خلف مدفأة على جدار خارجي يعيد الحرارة إلى الغرفة بدل أن تتسرب عبر الجدار.",
        ),
    ),
    tip(
        "blinds",
        "people",
        2.0,
        None,
        words(
            "Close blinds at dusk",
            "Windows lose heat fastest at night. Closing blinds and curtains when it gets dark keeps the warmth in for the rest of the working day.",
        ),
        words(
            "أغلق الستائر عند الغروب",
            "تفقد النوافذ الحرارة أسرع ما يكون ليلًا. إغلاق الستائر عند حلول الظلام يحفظ الدفء لبقية يوم العمل.",
        ),
    ),
    tip(
        "budget",
        "tariff",
        2.0,
        Some("/preferences/energy-usage"),
        words(
            "Set a monthly budget and keep notifications on",
            "A budget with notifications tells you when this month's cost is heading over it, while there is still time to change a schedule.",
        ),
        words(
            "حدّد ميزانية شهرية وأبقِ الإشعارات مفعّلة",
            "الميزانية مع الإشعارات تخبرك حين تتجه تكلفة هذا الشهر إلى تجاوزها، ما دام هناك وقت لتغيير جدول.",
        ),
    ),
    tip(
        "low-carbon-hours",
        "tariff",
        2.0,
        Some("/preferences/co2-savings"),
        words(
            "Warm up in the grid's cleaner hours",
            "The GB grid's carbon intensity is lowest overnight and at midday in spring and summer, and highest in the early evening. Avoid heating empty rooms in the evening peak.",
        ),
        words(
            "دفّئ في ساعات الشبكة الأنظف",
            "كثافة الكربون في شبكة بريطانيا في أدناها ليلًا وعند الظهيرة في الربيع والصيف، وفي أعلاها في أول المساء. تجنّب تدفئة الغرف الفارغة في ذروة المساء.",
        ),
    ),
    tip(
        "offline-radiators",
        "automations",
        1.0,
        Some("/radiators"),
        words(
            "Bring offline radiators back",
            "An offline radiator keeps its last setpoint and cannot follow its schedule. Check its power and network when HeatDesk says it has stopped reporting.",
        ),
        words(
            "أعد المدافئ غير المتصلة إلى العمل",
            "المدفأة غير المتصلة تحتفظ بآخر درجة ضُبطت لها ولا تستطيع اتباع جدولها. افحص تغذيتها الكهربائية وشبكتها حين يخبرك HeatDesk أنها توقفت عن الإبلاغ.",
        ),
    ),
];
