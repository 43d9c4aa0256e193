//! Random selection among spaces of equal priority: the Random Cities and Departments
//! table (8.2) and Random LoCs (8.3). The dice are the bot's fork of the game's dice.

use abyss_core::kernel::{Dice, Ruleset, SpaceId, State};

/// 8.2: the table slot of a red, yellow and green roll. Each die picks one of three:
/// red the column, yellow the row of boxes, green the space in the box.
pub fn slot(red: u8, yellow: u8, green: u8) -> usize {
    let third = |d: u8| (d.clamp(1, 6) as usize - 1) / 2;
    9 * third(red) + 3 * third(yellow) + third(green)
}

/// 8.2 with given dice: walk the table from the rolled slot to the first candidate.
/// Event-only spaces that are candidates go first. None if no candidate is in the table.
pub fn walk(r: &Ruleset, dice: (u8, u8, u8), candidates: &[SpaceId]) -> Option<SpaceId> {
    if let Some(&s) = r.nonplayer.first_when_candidate.iter().find(|s| candidates.contains(s)) {
        return Some(s);
    }
    let table = &r.nonplayer.random_spaces;
    let start = slot(dice.0, dice.1, dice.2);
    (0..table.len())
        .map(|i| table[(start + i) % table.len()])
        .find(|s| candidates.contains(s))
}

/// 8.2: a random City or Department among `candidates` (three dice, then the walk). A
/// candidate the table does not list (a LoC) is chosen by an equal-chance roll among
/// those, when no listed candidate exists.
pub fn random_space(r: &Ruleset, dice: &mut Dice, candidates: &[SpaceId]) -> Option<SpaceId> {
    match candidates.len() {
        0 => return None,
        1 => return Some(candidates[0]),
        _ => {}
    }
    // 8.2: Panamá or Ecuador, when a space and a candidate, is selected before any
    // other: no roll.
    if let Some(&s) = r.nonplayer.first_when_candidate.iter().find(|s| candidates.contains(s)) {
        return Some(s);
    }
    let rolled = (dice.d6(), dice.d6(), dice.d6());
    walk(r, rolled, candidates).or_else(|| Some(candidates[dice.equal_chance(candidates.len() as u32) as usize]))
}

/// 8.3: a random LoC: those with the highest Econ, then those adjacent to a random City
/// (8.2) that touches one of them, then an equal-chance roll.
pub fn random_loc(r: &Ruleset, st: &State, dice: &mut Dice, candidates: &[SpaceId]) -> Option<SpaceId> {
    let top = candidates.iter().map(|&s| r.map.space(s).econ).max()?;
    let mut c: Vec<SpaceId> = candidates
        .iter()
        .copied()
        .filter(|&s| r.map.space(s).econ == top)
        .collect();
    if c.len() > 1 {
        let cities: Vec<SpaceId> = r
            .map
            .ids()
            .filter(|&x| r.map.space(x).is_city() && c.iter().any(|&l| st.adjacent(r, l).any(|a| a == x)))
            .collect();
        if let Some(city) = random_space(r, dice, &cities) {
            c.retain(|&l| st.adjacent(r, l).any(|a| a == city));
        }
    }
    match c.len() {
        0 => None,
        1 => Some(c[0]),
        n => Some(c[dice.equal_chance(n as u32) as usize]),
    }
}

/// One space among candidates of equal priority: Cities and Departments by the table
/// (8.2), LoCs by 8.3 when only LoCs are left.
pub fn pick(r: &Ruleset, st: &State, dice: &mut Dice, candidates: &[SpaceId]) -> Option<SpaceId> {
    let land: Vec<SpaceId> = candidates
        .iter()
        .copied()
        .filter(|&s| !r.map.space(s).is_loc())
        .collect();
    if land.is_empty() {
        random_loc(r, st, dice, candidates)
    } else {
        random_space(r, dice, &land)
    }
}

/// Candidates of equal priority in random order (8.2 "roll again to select another").
pub fn shuffled(r: &Ruleset, st: &State, dice: &mut Dice, candidates: &[SpaceId]) -> Vec<SpaceId> {
    let mut left = candidates.to_vec();
    let mut out = Vec::with_capacity(left.len());
    while let Some(s) = pick(r, st, dice, &left) {
        left.retain(|&x| x != s);
        out.push(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(r: &Ruleset, slug: &str) -> SpaceId {
        r.map.find(slug).unwrap()
    }

    /// The Playbook's rolls (reference/nonplayer.md §3.1): each lands on its space.
    #[test]
    fn playbook_rolls_land_where_the_playbook_says() {
        let r = abyss_core::content::embedded_rules();
        let all: Vec<SpaceId> = r.nonplayer.random_spaces.clone();
        for (dice, want) in [
            ((1, 3, 1), "medellin"),
            ((2, 4, 2), "medellin"),
            ((1, 3, 2), "medellin"),
            ((2, 3, 3), "bucaramanga"),
            ((1, 4, 5), "santander"),
            ((4, 1, 2), "atlantico"),
            ((4, 3, 6), "meta_east"),
            ((3, 6, 2), "vichada"),
            ((6, 1, 2), "amazonas"),
            ((6, 1, 3), "putumayo"),
            ((5, 3, 2), "meta_west"),
            ((6, 3, 6), "huila"),
            ((6, 4, 5), "huila"),
            ((6, 6, 6), "choco"),
        ] {
            assert_eq!(walk(&r, dice, &all), Some(id(&r, want)), "{dice:?}");
        }
    }

    /// Playbook walks: 6-6-3 from Nariño past Chocó to Cali; T5 Air Bridge 1-2-1 walks to
    /// Cesar when only Departments without Cartels qualify.
    #[test]
    fn walks_wrap_from_choco_to_cali() {
        let r = abyss_core::content::embedded_rules();
        let cities: Vec<SpaceId> = ["cali", "ibague"].iter().map(|s| id(&r, s)).collect();
        assert_eq!(walk(&r, (6, 6, 3), &cities), Some(id(&r, "cali")));
        let c = vec![id(&r, "cesar"), id(&r, "vichada")];
        assert_eq!(walk(&r, (1, 2, 1), &c), Some(id(&r, "cesar")));
        // T14: 3-6-2 → Vichada … → Putumayo when Vichada is no candidate.
        let c = vec![id(&r, "putumayo"), id(&r, "pasto")];
        assert_eq!(walk(&r, (3, 6, 2), &c), Some(id(&r, "putumayo")));
    }

    #[test]
    fn event_only_spaces_go_first_when_candidates() {
        let r = abyss_core::content::embedded_rules();
        let c = vec![id(&r, "huila"), id(&r, "ecuador")];
        assert_eq!(walk(&r, (6, 3, 6), &c), Some(id(&r, "ecuador")));
    }

    /// 8.3 EXAMPLE: no 3-Econ LoC; the first random City adjacent to a 2-Econ LoC is
    /// Bogotá; a roll picks one of its three 2-Econ LoCs.
    #[test]
    fn random_loc_takes_the_highest_econ_then_a_random_city() {
        let r = abyss_core::content::embedded_rules();
        let st = State::empty(&r, 1);
        let two: Vec<SpaceId> = r.map.ids().filter(|&s| r.map.space(s).econ == 2).collect();
        let bogota = id(&r, "bogota");
        for seed in 0..40 {
            let mut d = Dice::new(seed);
            let l = random_loc(&r, &st, &mut d, &two).unwrap();
            assert_eq!(r.map.space(l).econ, 2);
            let mut d = Dice::new(seed);
            let pipes: Vec<SpaceId> = r.map.ids().filter(|&s| r.map.space(s).econ >= 2).collect();
            let l3 = random_loc(&r, &st, &mut d, &pipes).unwrap();
            assert_eq!(r.map.space(l3).econ, 3, "the highest Econ first");
        }
        let by_bogota: Vec<SpaceId> = two
            .iter()
            .copied()
            .filter(|&l| st.adjacent(&r, l).any(|a| a == bogota))
            .collect();
        assert_eq!(by_bogota.len(), 3, "Bogotá touches three 2-Econ LoCs");
    }
}
