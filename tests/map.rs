//! The map table: counts, Population, Econ, coasts, borders and the adjacency examples
//! of the rules (1.3.6 and the Sweep example of 3.2.3).

mod common;
use abyss::kernel::{SpaceKind, State, Terrain};
use common::{rules, sp};

#[test]
fn spaces_by_kind_population_and_econ() {
    let r = rules();
    let m = &r.map;
    let of = |k: SpaceKind| {
        m.spaces
            .iter()
            .filter(|d| d.kind == k && !d.event_only)
            .collect::<Vec<_>>()
    };
    let (cities, depts, locs) = (of(SpaceKind::City), of(SpaceKind::Department), of(SpaceKind::Loc));
    assert_eq!((cities.len(), depts.len(), locs.len()), (11, 16, 18));
    assert_eq!(cities.iter().map(|d| d.pop as u32).sum::<u32>(), 25);
    assert_eq!(depts.iter().map(|d| d.pop as u32).sum::<u32>(), 15);
    assert_eq!(locs.iter().map(|d| d.econ as u32).sum::<u32>(), 30);
    assert_eq!(m.loc_econ_total, 30);
    let forest = depts.iter().filter(|d| d.terrain == Some(Terrain::Forest)).count();
    let mountain: Vec<&str> = depts
        .iter()
        .filter(|d| d.terrain == Some(Terrain::Mountain))
        .map(|d| d.slug.as_str())
        .collect();
    assert_eq!(forest, 9);
    assert_eq!(mountain, ["cesar", "antioquia", "santander", "huila"]);
    assert_eq!(m.space(sp(&r, "bogota")).pop, 8);
    assert_eq!(m.space(sp(&r, "loc_ayacucho_cucuta")).econ, 3);
}

#[test]
fn ecuador_and_panama_are_not_spaces_until_an_event() {
    let r = rules();
    let st = State::empty(&r, 0);
    for slug in ["ecuador", "panama"] {
        let s = sp(&r, slug);
        assert!(r.map.space(s).event_only && !st.in_play(s), "{slug}");
        assert_eq!(r.map.space(s).pop, 0);
    }
    assert_eq!(r.map.space(sp(&r, "ecuador")).max_pieces_per_faction, Some(2));
    assert_eq!(r.map.space(sp(&r, "panama")).terrain, Some(Terrain::Forest));
    // Pasto is adjacent to Ecuador on the table, but not in play until Ecuador opens.
    let pasto = sp(&r, "pasto");
    assert!(r.map.adjacent(pasto, sp(&r, "ecuador")));
    assert!(!st.adjacent(&r, pasto).any(|s| s == sp(&r, "ecuador")));
    let mut st = st;
    st.open_space(&r, sp(&r, "ecuador")).unwrap();
    assert!(st.adjacent(&r, pasto).any(|s| s == sp(&r, "ecuador")));
}

#[test]
fn adjacency_example_1_3_6_ayacucho() {
    // "The 4 Departments and 4 LoCs around the Town of Ayacucho are all adjacent to each
    // other because they are separated by a Town."
    let r = rules();
    let around = [
        "atlantico",
        "cesar",
        "antioquia",
        "santander",
        "loc_ayacucho_santa_marta",
        "loc_ayacucho_bucaramanga",
        "loc_ayacucho_sincelejo",
        "loc_ayacucho_cucuta",
    ];
    for a in around {
        for b in around {
            if a != b {
                assert!(r.map.adjacent(sp(&r, a), sp(&r, b)), "{a} - {b}");
            }
        }
    }
    // "Antioquia and the Forest Department to the west are adjacent because they are
    // separated by a LoC."
    assert!(r.map.adjacent(sp(&r, "antioquia"), sp(&r, "choco")));
    // Two LoCs meeting at a City are not adjacent: the City is a space, not a Town.
    assert!(!r.map.adjacent(sp(&r, "loc_cali_pasto"), sp(&r, "loc_neiva_pasto")));
    // 1.3.5 NOTE context: Vaupés does not border Venezuela, Guainía does.
    assert!(
        r.map
            .space(sp(&r, "guainia"))
            .borders
            .contains(&"venezuela".to_string())
    );
    assert!(!r.map.space(sp(&r, "vaupes")).borders.contains(&"venezuela".to_string()));
}

#[test]
fn sweep_example_3_2_3_around_cesar() {
    // Cesar is adjacent to Santa Marta ("Baranquilla"), 3 Departments and 4 LoCs; Troops
    // in Cúcuta, Bucaramanga and Sincelejo reach Cesar through those LoCs only.
    let r = rules();
    let st = State::empty(&r, 0);
    let cesar = sp(&r, "cesar");
    let mut adj: Vec<&str> = st.adjacent(&r, cesar).map(|s| r.map.space(s).slug.as_str()).collect();
    adj.sort();
    assert_eq!(
        adj,
        [
            "antioquia",
            "atlantico",
            "loc_ayacucho_bucaramanga",
            "loc_ayacucho_cucuta",
            "loc_ayacucho_santa_marta",
            "loc_ayacucho_sincelejo",
            "santa_marta",
            "santander"
        ]
    );
    for city in ["cucuta", "bucaramanga", "sincelejo"] {
        let c = sp(&r, city);
        assert!(!r.map.adjacent(c, cesar), "{city} is not adjacent to Cesar");
        assert!(
            st.adjacent(&r, c)
                .any(|l| r.map.space(l).is_loc() && r.map.adjacent(l, cesar)),
            "{city}"
        );
    }
}

#[test]
fn coasts_and_borders() {
    let r = rules();
    let mut coastal: Vec<&str> = r
        .map
        .spaces
        .iter()
        .filter(|d| d.coastal)
        .map(|d| d.slug.as_str())
        .collect();
    coastal.sort();
    assert_eq!(
        coastal,
        [
            "atlantico",
            "cartagena",
            "cesar",
            "choco",
            "ecuador",
            "loc_buenaventura_cali",
            "loc_cartagena_santa_marta",
            "loc_cartagena_sincelejo",
            "loc_pasto_tumaco",
            "narino",
            "panama",
            "santa_marta",
            "sincelejo"
        ]
    );
    let borders = |c: &str| {
        let mut v: Vec<&str> = r
            .map
            .spaces
            .iter()
            .filter(|d| d.borders.iter().any(|b| b == c))
            .map(|d| d.slug.as_str())
            .collect();
        v.sort();
        v
    };
    assert_eq!(borders("ecuador"), ["loc_pasto_tumaco", "narino", "pasto", "putumayo"]);
    assert_eq!(
        borders("venezuela"),
        [
            "arauca",
            "cesar",
            "cucuta",
            "guainia",
            "loc_arauca_cucuta",
            "loc_ayacucho_cucuta",
            "santander",
            "vichada"
        ]
    );
}

#[test]
fn adjacency_is_symmetric_and_irreflexive() {
    let r = rules();
    for a in r.map.ids() {
        assert!(!r.map.adjacent(a, a));
        for b in r.map.ids() {
            assert_eq!(r.map.adjacent(a, b), r.map.adjacent(b, a));
        }
    }
}
