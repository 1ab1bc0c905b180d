//! The yaku and yakuman: ids, names, Tenhou numbers, and han by hand state.

/// Every yaku and yakuman the scorer knows. Regular yaku first (in the stable
/// order results list them), then yakuman.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yaku {
    #[default]
    Riichi,
    DoubleRiichi,
    OpenRiichi,
    OpenDoubleRiichi,
    Ippatsu,
    MenzenTsumo,
    Pinfu,
    Iipeikou,
    Tanyao,
    SeatWindEast,
    SeatWindSouth,
    SeatWindWest,
    SeatWindNorth,
    RoundWindEast,
    RoundWindSouth,
    RoundWindWest,
    RoundWindNorth,
    Haku,
    Hatsu,
    Chun,
    RinshanKaihou,
    HaiteiRaoyue,
    HouteiRaoyui,
    Chankan,
    Chiitoitsu,
    Chanta,
    Ittsu,
    SanshokuDoujun,
    SanshokuDoukou,
    Sanankou,
    Sankantsu,
    Toitoi,
    Honroutou,
    Shousangen,
    Ryanpeikou,
    Junchan,
    Honitsu,
    Chinitsu,
    SanshokuTsuukan,
    IsshokuSanjun,
    Sanrenkou,
    Uumensai,
    /// Renhou valued as mangan or baiman (a yaku worth 5 or 8 han alone).
    Renhou,
    // Yakuman.
    Tenhou,
    Chiihou,
    RenhouYakuman,
    Kokushi,
    Kokushi13,
    Suuankou,
    SuuankouTanki,
    Daisangen,
    Shousuushii,
    Daisuushii,
    Tsuuiisou,
    Ryuuiisou,
    Chinroutou,
    Chuuren,
    JunseiChuuren,
    Suukantsu,
    OpenRiichiYakuman,
    ShiisanPuutaa,
    Daichisei,
    Daisharin,
    ToupuuShinkansen,
    HyakumanGoku,
    IsshokuYonjun,
    Suurenkou,
    BeniKujaku,
    Kouitten,
    Tuibuudao,
    Kinmonkyou,
    Paarenchan,
}

/// (id, romanised name, Japanese name, Tenhou number) of each yaku, in enum order.
const INFO: &[(&str, &str, &str, Option<u8>)] = &[
    ("riichi", "Riichi", "立直", Some(1)),
    ("double_riichi", "Double Riichi", "両立直", Some(21)),
    ("open_riichi", "Open Riichi", "開立直", None),
    ("open_double_riichi", "Open Double Riichi", "開両立直", None),
    ("ippatsu", "Ippatsu", "一発", Some(2)),
    ("menzen_tsumo", "Menzen Tsumo", "門前清自摸和", Some(0)),
    ("pinfu", "Pinfu", "平和", Some(7)),
    ("iipeikou", "Iipeikou", "一盃口", Some(9)),
    ("tanyao", "Tanyao", "断幺九", Some(8)),
    ("seat_wind_east", "Seat Wind East", "自風 東", Some(10)),
    ("seat_wind_south", "Seat Wind South", "自風 南", Some(11)),
    ("seat_wind_west", "Seat Wind West", "自風 西", Some(12)),
    ("seat_wind_north", "Seat Wind North", "自風 北", Some(13)),
    ("round_wind_east", "Round Wind East", "場風 東", Some(14)),
    ("round_wind_south", "Round Wind South", "場風 南", Some(15)),
    ("round_wind_west", "Round Wind West", "場風 西", Some(16)),
    ("round_wind_north", "Round Wind North", "場風 北", Some(17)),
    ("haku", "Haku", "役牌 白", Some(18)),
    ("hatsu", "Hatsu", "役牌 發", Some(19)),
    ("chun", "Chun", "役牌 中", Some(20)),
    ("rinshan_kaihou", "Rinshan Kaihou", "嶺上開花", Some(4)),
    ("haitei_raoyue", "Haitei Raoyue", "海底摸月", Some(5)),
    ("houtei_raoyui", "Houtei Raoyui", "河底撈魚", Some(6)),
    ("chankan", "Chankan", "槍槓", Some(3)),
    ("chiitoitsu", "Chiitoitsu", "七対子", Some(22)),
    ("chanta", "Chanta", "混全帯幺九", Some(23)),
    ("ittsu", "Ittsu", "一気通貫", Some(24)),
    ("sanshoku_doujun", "Sanshoku Doujun", "三色同順", Some(25)),
    ("sanshoku_doukou", "Sanshoku Doukou", "三色同刻", Some(26)),
    ("sanankou", "Sanankou", "三暗刻", Some(29)),
    ("sankantsu", "Sankantsu", "三槓子", Some(27)),
    ("toitoi", "Toitoi", "対々和", Some(28)),
    ("honroutou", "Honroutou", "混老頭", Some(31)),
    ("shousangen", "Shousangen", "小三元", Some(30)),
    ("ryanpeikou", "Ryanpeikou", "二盃口", Some(32)),
    ("junchan", "Junchan", "純全帯幺九", Some(33)),
    ("honitsu", "Honitsu", "混一色", Some(34)),
    ("chinitsu", "Chinitsu", "清一色", Some(35)),
    ("sanshoku_tsuukan", "Sanshoku Tsuukan", "三色通貫", None),
    ("isshoku_sanjun", "Isshoku Sanjun", "一色三順", None),
    ("sanrenkou", "Sanrenkou", "三連刻", None),
    ("uumensai", "Uumensai", "五門斉", None),
    ("renhou", "Renhou", "人和", Some(36)),
    ("tenhou", "Tenhou", "天和", Some(37)),
    ("chiihou", "Chiihou", "地和", Some(38)),
    ("renhou", "Renhou", "人和", Some(36)),
    ("kokushi", "Kokushi Musou", "国士無双", Some(47)),
    (
        "kokushi_13",
        "Kokushi Musou 13-sided",
        "国士無双十三面",
        Some(48),
    ),
    ("suuankou", "Suuankou", "四暗刻", Some(40)),
    ("suuankou_tanki", "Suuankou Tanki", "四暗刻単騎", Some(41)),
    ("daisangen", "Daisangen", "大三元", Some(39)),
    ("shousuushii", "Shousuushii", "小四喜", Some(50)),
    ("daisuushii", "Daisuushii", "大四喜", Some(49)),
    ("tsuuiisou", "Tsuuiisou", "字一色", Some(42)),
    ("ryuuiisou", "Ryuuiisou", "緑一色", Some(43)),
    ("chinroutou", "Chinroutou", "清老頭", Some(44)),
    ("chuuren", "Chuuren Poutou", "九蓮宝燈", Some(45)),
    (
        "junsei_chuuren",
        "Junsei Chuuren Poutou",
        "純正九蓮宝燈",
        Some(46),
    ),
    ("suukantsu", "Suukantsu", "四槓子", Some(51)),
    ("open_riichi", "Open Riichi", "開立直", None),
    ("shiisan_puutaa", "Shiisan Puutaa", "十三不塔", None),
    ("daichisei", "Daichisei", "大七星", None),
    ("daisharin", "Daisharin", "大車輪", None),
    ("toupuu_shinkansen", "Toupuu Shinkansen", "東北新幹線", None),
    ("hyakuman_goku", "Hyakuman Goku", "百万石", None),
    ("isshoku_yonjun", "Isshoku Yonjun", "一色四順", None),
    ("suurenkou", "Suurenkou", "四連刻", None),
    ("beni_kujaku", "Beni Kujaku", "紅孔雀", None),
    ("kouitten", "Kouitten", "紅一点", None),
    ("tuibuudao", "Tuibuudao", "推不倒", None),
    ("kinmonkyou", "Kinmonkyou", "金門橋", None),
    ("paarenchan", "Paarenchan", "八連荘", None),
];

impl Yaku {
    const fn info(self) -> (&'static str, &'static str, &'static str, Option<u8>) {
        INFO[self as usize]
    }

    /// Snake-case id (`"menzen_tsumo"`).
    pub const fn id(self) -> &'static str {
        self.info().0
    }

    /// Romanised name (`"Menzen Tsumo"`).
    pub const fn name(self) -> &'static str {
        self.info().1
    }

    /// Japanese name.
    pub const fn name_ja(self) -> &'static str {
        self.info().2
    }

    /// Tenhou's yaku number; `None` for local yaku.
    pub const fn tenhou_id(self) -> Option<u8> {
        self.info().3
    }

    pub const fn is_yakuman(self) -> bool {
        self as u8 >= Yaku::Tenhou as u8
    }

    /// Seat wind yaku of wind 0-3 (E S W N).
    pub const fn seat_wind(w: u8) -> Yaku {
        [
            Yaku::SeatWindEast,
            Yaku::SeatWindSouth,
            Yaku::SeatWindWest,
            Yaku::SeatWindNorth,
        ][w as usize & 3]
    }

    /// Round wind yaku of wind 0-3.
    pub const fn round_wind(w: u8) -> Yaku {
        [
            Yaku::RoundWindEast,
            Yaku::RoundWindSouth,
            Yaku::RoundWindWest,
            Yaku::RoundWindNorth,
        ][w as usize & 3]
    }

    /// Dragon yaku of dragon kind 31-33.
    pub const fn dragon(kind: u8) -> Yaku {
        [Yaku::Haku, Yaku::Hatsu, Yaku::Chun][(kind as usize).saturating_sub(31) % 3]
    }

    /// Every yaku, in order.
    pub fn all() -> impl Iterator<Item = Yaku> {
        (0..INFO.len() as u8).map(|i| Yaku::from_index(i).expect("index"))
    }

    const fn from_index(i: u8) -> Option<Yaku> {
        if (i as usize) < INFO.len() {
            // The discriminants are 0..INFO.len() in order.
            Some(ALL[i as usize])
        } else {
            None
        }
    }
}

const ALL: [Yaku; 72] = {
    #[allow(clippy::enum_glob_use)]
    use Yaku::*;
    [
        Riichi,
        DoubleRiichi,
        OpenRiichi,
        OpenDoubleRiichi,
        Ippatsu,
        MenzenTsumo,
        Pinfu,
        Iipeikou,
        Tanyao,
        SeatWindEast,
        SeatWindSouth,
        SeatWindWest,
        SeatWindNorth,
        RoundWindEast,
        RoundWindSouth,
        RoundWindWest,
        RoundWindNorth,
        Haku,
        Hatsu,
        Chun,
        RinshanKaihou,
        HaiteiRaoyue,
        HouteiRaoyui,
        Chankan,
        Chiitoitsu,
        Chanta,
        Ittsu,
        SanshokuDoujun,
        SanshokuDoukou,
        Sanankou,
        Sankantsu,
        Toitoi,
        Honroutou,
        Shousangen,
        Ryanpeikou,
        Junchan,
        Honitsu,
        Chinitsu,
        SanshokuTsuukan,
        IsshokuSanjun,
        Sanrenkou,
        Uumensai,
        Renhou,
        Tenhou,
        Chiihou,
        RenhouYakuman,
        Kokushi,
        Kokushi13,
        Suuankou,
        SuuankouTanki,
        Daisangen,
        Shousuushii,
        Daisuushii,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        Chuuren,
        JunseiChuuren,
        Suukantsu,
        OpenRiichiYakuman,
        ShiisanPuutaa,
        Daichisei,
        Daisharin,
        ToupuuShinkansen,
        HyakumanGoku,
        IsshokuYonjun,
        Suurenkou,
        BeniKujaku,
        Kouitten,
        Tuibuudao,
        Kinmonkyou,
        Paarenchan,
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_enum() {
        assert_eq!(INFO.len(), ALL.len());
        for (i, y) in ALL.iter().enumerate() {
            assert_eq!(*y as usize, i);
        }
        assert_eq!(Yaku::MenzenTsumo.tenhou_id(), Some(0));
        assert_eq!(Yaku::Suukantsu.tenhou_id(), Some(51));
        assert!(Yaku::Tenhou.is_yakuman() && !Yaku::Renhou.is_yakuman());
    }
}
