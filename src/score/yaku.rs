//! The yaku and yakuman: ids, names, Tenhou numbers, and han by hand state.

/// Every yaku once: its variant and (id, romanised name, Japanese name, Tenhou
/// number). Generates `Yaku`, the info table and the list of every variant.
macro_rules! yaku_table {
    ($first:ident => $first_info:tt, $($(#[$m:meta])* $v:ident => ($id:literal, $name:literal, $ja:literal, $tenhou:expr),)+) => {
        /// Every yaku and yakuman the scorer knows. Regular yaku first (in the
        /// stable order results list them), then yakuman.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Yaku {
            #[default]
            $first,
            $($(#[$m])* $v,)+
        }

        /// The names and Tenhou number of each yaku, in enum order.
        const INFO: &[YakuInfo] = &[
            yaku_table!(@info $first_info),
            $(yaku_table!(@info ($id, $name, $ja, $tenhou))),+
        ];

        /// Every variant, in order.
        const ALL: &[Yaku] = &[Yaku::$first, $(Yaku::$v),+];
    };
    (@info ($id:literal, $name:literal, $ja:literal, $tenhou:expr)) => {
        YakuInfo { id: $id, name: $name, name_ja: $ja, tenhou_id: $tenhou }
    };
}

/// What names a yaku.
struct YakuInfo {
    /// Snake-case id (`"menzen_tsumo"`).
    id: &'static str,
    /// Romanised name (`"Menzen Tsumo"`).
    name: &'static str,
    name_ja: &'static str,
    /// Tenhou's yaku number; `None` for local yaku.
    tenhou_id: Option<u8>,
}

yaku_table! {
    Riichi => ("riichi", "Riichi", "立直", Some(1)),
    DoubleRiichi => ("double_riichi", "Double Riichi", "両立直", Some(21)),
    OpenRiichi => ("open_riichi", "Open Riichi", "開立直", None),
    OpenDoubleRiichi => ("open_double_riichi", "Open Double Riichi", "開両立直", None),
    Ippatsu => ("ippatsu", "Ippatsu", "一発", Some(2)),
    MenzenTsumo => ("menzen_tsumo", "Menzen Tsumo", "門前清自摸和", Some(0)),
    Pinfu => ("pinfu", "Pinfu", "平和", Some(7)),
    Iipeikou => ("iipeikou", "Iipeikou", "一盃口", Some(9)),
    Tanyao => ("tanyao", "Tanyao", "断幺九", Some(8)),
    SeatWindEast => ("seat_wind_east", "Seat Wind East", "自風 東", Some(10)),
    SeatWindSouth => ("seat_wind_south", "Seat Wind South", "自風 南", Some(11)),
    SeatWindWest => ("seat_wind_west", "Seat Wind West", "自風 西", Some(12)),
    SeatWindNorth => ("seat_wind_north", "Seat Wind North", "自風 北", Some(13)),
    RoundWindEast => ("round_wind_east", "Round Wind East", "場風 東", Some(14)),
    RoundWindSouth => ("round_wind_south", "Round Wind South", "場風 南", Some(15)),
    RoundWindWest => ("round_wind_west", "Round Wind West", "場風 西", Some(16)),
    RoundWindNorth => ("round_wind_north", "Round Wind North", "場風 北", Some(17)),
    Haku => ("haku", "Haku", "役牌 白", Some(18)),
    Hatsu => ("hatsu", "Hatsu", "役牌 發", Some(19)),
    Chun => ("chun", "Chun", "役牌 中", Some(20)),
    RinshanKaihou => ("rinshan_kaihou", "Rinshan Kaihou", "嶺上開花", Some(4)),
    HaiteiRaoyue => ("haitei_raoyue", "Haitei Raoyue", "海底摸月", Some(5)),
    HouteiRaoyui => ("houtei_raoyui", "Houtei Raoyui", "河底撈魚", Some(6)),
    Chankan => ("chankan", "Chankan", "槍槓", Some(3)),
    Chiitoitsu => ("chiitoitsu", "Chiitoitsu", "七対子", Some(22)),
    Chanta => ("chanta", "Chanta", "混全帯幺九", Some(23)),
    Ittsu => ("ittsu", "Ittsu", "一気通貫", Some(24)),
    SanshokuDoujun => ("sanshoku_doujun", "Sanshoku Doujun", "三色同順", Some(25)),
    SanshokuDoukou => ("sanshoku_doukou", "Sanshoku Doukou", "三色同刻", Some(26)),
    Sanankou => ("sanankou", "Sanankou", "三暗刻", Some(29)),
    Sankantsu => ("sankantsu", "Sankantsu", "三槓子", Some(27)),
    Toitoi => ("toitoi", "Toitoi", "対々和", Some(28)),
    Honroutou => ("honroutou", "Honroutou", "混老頭", Some(31)),
    Shousangen => ("shousangen", "Shousangen", "小三元", Some(30)),
    Ryanpeikou => ("ryanpeikou", "Ryanpeikou", "二盃口", Some(32)),
    Junchan => ("junchan", "Junchan", "純全帯幺九", Some(33)),
    Honitsu => ("honitsu", "Honitsu", "混一色", Some(34)),
    Chinitsu => ("chinitsu", "Chinitsu", "清一色", Some(35)),
    SanshokuTsuukan => ("sanshoku_tsuukan", "Sanshoku Tsuukan", "三色通貫", None),
    IsshokuSanjun => ("isshoku_sanjun", "Isshoku Sanjun", "一色三順", None),
    Sanrenkou => ("sanrenkou", "Sanrenkou", "三連刻", None),
    Uumensai => ("uumensai", "Uumensai", "五門斉", None),
    /// Renhou valued as mangan or baiman (a yaku worth 5 or 8 han alone).
    Renhou => ("renhou", "Renhou", "人和", Some(36)),
    /// Nagashi mangan scored as a hand (a yaku worth a mangan alone).
    NagashiMangan => ("nagashi_mangan", "Nagashi Mangan", "流し満貫", None),
    // Yakuman.
    Tenhou => ("tenhou", "Tenhou", "天和", Some(37)),
    Chiihou => ("chiihou", "Chiihou", "地和", Some(38)),
    RenhouYakuman => ("renhou", "Renhou", "人和", Some(36)),
    Kokushi => ("kokushi", "Kokushi Musou", "国士無双", Some(47)),
    Kokushi13 => ("kokushi_13", "Kokushi Musou 13-sided", "国士無双十三面", Some(48)),
    Suuankou => ("suuankou", "Suuankou", "四暗刻", Some(40)),
    SuuankouTanki => ("suuankou_tanki", "Suuankou Tanki", "四暗刻単騎", Some(41)),
    Daisangen => ("daisangen", "Daisangen", "大三元", Some(39)),
    Shousuushii => ("shousuushii", "Shousuushii", "小四喜", Some(50)),
    Daisuushii => ("daisuushii", "Daisuushii", "大四喜", Some(49)),
    Tsuuiisou => ("tsuuiisou", "Tsuuiisou", "字一色", Some(42)),
    Ryuuiisou => ("ryuuiisou", "Ryuuiisou", "緑一色", Some(43)),
    Chinroutou => ("chinroutou", "Chinroutou", "清老頭", Some(44)),
    Chuuren => ("chuuren", "Chuuren Poutou", "九蓮宝燈", Some(45)),
    JunseiChuuren => ("junsei_chuuren", "Junsei Chuuren Poutou", "純正九蓮宝燈", Some(46)),
    Suukantsu => ("suukantsu", "Suukantsu", "四槓子", Some(51)),
    OpenRiichiYakuman => ("open_riichi", "Open Riichi", "開立直", None),
    ShiisanPuutaa => ("shiisan_puutaa", "Shiisan Puutaa", "十三不塔", None),
    Daichisei => ("daichisei", "Daichisei", "大七星", None),
    Daisharin => ("daisharin", "Daisharin", "大車輪", None),
    ToupuuShinkansen => ("toupuu_shinkansen", "Toupuu Shinkansen", "東北新幹線", None),
    HyakumanGoku => ("hyakuman_goku", "Hyakuman Goku", "百万石", None),
    IsshokuYonjun => ("isshoku_yonjun", "Isshoku Yonjun", "一色四順", None),
    Suurenkou => ("suurenkou", "Suurenkou", "四連刻", None),
    BeniKujaku => ("beni_kujaku", "Beni Kujaku", "紅孔雀", None),
    Kouitten => ("kouitten", "Kouitten", "紅一点", None),
    Tuibuudao => ("tuibuudao", "Tuibuudao", "推不倒", None),
    Kinmonkyou => ("kinmonkyou", "Kinmonkyou", "金門橋", None),
    Paarenchan => ("paarenchan", "Paarenchan", "八連荘", None),
}

impl Yaku {
    const fn info(self) -> &'static YakuInfo {
        &INFO[self as usize]
    }

    /// How many yakuman this yakuman counts as under `rules`: 2 for the pattern
    /// doubles the rules make double (13-sided kokushi, suuankou tanki, junsei
    /// chuuren, daisuushii), else 1.
    pub const fn yakuman_multiple(self, rules: &crate::rules::Rules) -> u8 {
        let double = match self {
            Yaku::Kokushi13 => rules.double_kokushi_13,
            Yaku::SuuankouTanki => rules.double_suuankou_tanki,
            Yaku::JunseiChuuren => rules.double_junsei_chuuren,
            Yaku::Daisuushii => rules.double_daisuushii,
            _ => false,
        };
        if double {
            2
        } else {
            1
        }
    }

    /// Snake-case id (`"menzen_tsumo"`).
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// Romanised name (`"Menzen Tsumo"`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Japanese name.
    pub const fn name_ja(self) -> &'static str {
        self.info().name_ja
    }

    /// Tenhou's yaku number; `None` for local yaku.
    pub const fn tenhou_id(self) -> Option<u8> {
        self.info().tenhou_id
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
        ALL.iter().copied()
    }
}

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
