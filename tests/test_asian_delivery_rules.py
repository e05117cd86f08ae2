"""Asian Delivery: every rule ID of the spec, each from a concrete situation with its expected outcome.
Layout (see ad_helpers): 5 1 10 / 4 8 2 9 / 7 6 3; stations 2 5 8, ports 3 6 9."""

from __future__ import annotations

import pytest

import soan
from ad_helpers import Situation, act, base, biz, opts, req
from soan.games.asian_delivery.model import build_map

pytestmark = pytest.mark.usefixtures("fresh_tables")  # each test's tables compiled afresh (conftest.py)


def test_AD_C1_areas_terminals_warehouse_cap_and_slots():
    """AD-C1: areas terminals warehouse cap and slots."""
    s = Situation().cubes(0, 2, "LLL").cubes(0, 1, "").vehicle("train", 2, {0: "L"}).state()
    T = s.T
    assert T.terminals[1] == (True, True)
    assert sum(T.terminals[a][0] for a in range(2, 11)) == 3 and sum(T.terminals[a][1] for a in range(2, 11)) == 3
    assert not any(T.terminals[a][0] and T.terminals[a][1] for a in range(2, 11))
    assert T.cap == 3 and "unload train L" not in opts(s)  # the warehouse at 2 is full
    assert len(s.fac) == 44 and all(f == -1 for f in s.fac)
    assert soan.make("asian-delivery", params={"warehouse_cap": 4}).T.cap == 4


def test_AD_C2_map_adjacency_follows_the_rule():
    """AD-C2: map adjacency follows the rule."""
    m = soan.make("asian-delivery").cfg.components.maps["standard"]
    pos = m.positions
    for a in pos:
        for b in pos:
            if a < b:
                (xa, ra), (xb, rb) = pos[a], pos[b]
                rule = (ra == rb and abs(xa - xb) == 1) or (abs(ra - rb) == 1 and abs(xa - xb) == 0.5)
                assert ([a, b] in m.adjacent) == rule, (a, b)
    assert m.clockwise == ["P1", "P2", "P6", "P5", "P9", "P8", "P7", "P3", "P4", "P0"]


def test_AD_C3_requests():
    """AD-C3: requests."""
    s = soan.make("asian-delivery")
    T = s.T
    assert len(T.req_vp) == 54
    assert all(sum(1 for a in T.req_area if a == d) == 6 for d in range(2, 11))
    assert sorted(sum(1 for c in T.req_colour if c == k) for k in range(4)) == [13, 13, 14, 14]
    for r in range(54):  # VP = cubes * (1 + 2 * rank) + 1
        assert T.req_vp[r] == T.req_cubes[r] * (1 + 2 * T.req_grade[r]) + 1


def test_AD_C4_business_cards():
    """AD-C4: business cards."""
    m = soan.make("asian-delivery").cfg.components
    assert len(m.business_cards) == 40
    assert all(sum(1 for c in m.business_cards if c.colour == k) == 10 for k in ("red", "blue", "yellow", "green"))
    assert any(c.resident for c in m.business_cards)


def test_AD_C5_base_cards_one_per_colour():
    """AD-C5: base cards one per colour."""
    s = soan.make("asian-delivery", players=3)
    T = s.T
    for p in range(3):
        ids = s.hands[p]
        assert [T.colour[c] for c in ids] == [0, 1, 2, 3]
        ops = [[o.op for o in T.ops[c]] for c in ids]
        assert ops == [["deliver"], ["transport"], ["build"], ["choice"]]
        assert T.ops[ids[1]][0].n == 2 and T.ops[ids[1]][0].range == 1
    t = soan.make("asian-delivery", players=3, params={"base_card_colours": False})
    assert {t.T.colour[c] for c in t.hands[0]} == {0}


def test_AD_C6_cubes_tokens_workers():
    """AD-C6: cubes tokens workers."""
    s = soan.make("asian-delivery", players=4)
    assert s.stock == [60 - 40, 20, 10] and all(x == [10, 0, 0] for x in s.supply)
    assert s.tokens == [10] * 4 and s.workers == [4] * 4


def test_AD_S1_a_port_on_an_inland_position_swaps_outward():
    """AD-S1: a port on an inland position swaps outward."""
    s = soan.make("asian-delivery")

    class Fixed:
        def __init__(self, order):
            self.order = order

        def shuffle(self, xs):
            xs[:] = self.order

    # positions without P1: P0 P2 P3 P4 P5 P6 P7 P8 P9; deal port 3 to P4 and the no-terminal 4 to P7
    layout, adj, cw = build_map(s.T, Fixed([5, 10, 7, 3, 2, 9, 4, 8, 6]))
    names = list(s.T.map.positions)
    place = dict(zip(names, layout, strict=True))
    assert place["P4"] == 4 and place["P7"] == 3
    # P7 a port too: the next choice, P3
    layout, adj, cw = build_map(s.T, Fixed([5, 10, 7, 3, 2, 9, 6, 8, 4]))
    place = dict(zip(names, layout, strict=True))
    assert place["P4"] == 7 and place["P3"] == 3


def test_AD_S2_S3_S4_setup():
    """AD-S2, AD-S3, AD-S4: setup."""
    starts = {soan.make("asian-delivery", seed=k).start for k in range(20)}
    assert starts == {0, 1, 2, 3}
    s = soan.make("asian-delivery", players=3, seed=3)
    assert all(len(o) == 2 for o in s.orders) and len(s.req_disp) == 4 and len(s.biz_disp) == 4
    assert s.vp == [0, 0, 0] and all(len(h) == 4 for h in s.hands)
    assert s.veh_at == [1, 1]


def test_AD_T1_market_upgrades_and_one_gate_cube():
    """AD-T1: market upgrades and one gate cube."""
    sit = Situation(seat=0).cubes(0, 5, "L").facility(0, 5, "market").facility(0, 8, "gate").facility(0, 2, "gate")
    sit.v["stack"].append(["gate", 0])
    sit.v["stack"].append(["market", 0, 1])
    s = sit.state()
    assert opts(s) == ["cube L", "done"]
    act(s, "cube L")
    assert s.supply[0] == [9, 1, 0] and s.aside[0] == 1
    assert opts(s) == ["cube L", "cube N"]  # the gate: which cube (not optional by default)
    act(s, "cube L")
    assert opts(s) == ["area 2", "area 8"]
    act(s, "area 8")
    assert s.wh[0][3 * 8] == 1 and s.stack[-1][0] == "action"  # one cube in all, not one per gate


def test_AD_T2_free_first_play_then_workers_and_loading():
    """AD-T2: free first play then workers and loading."""
    s = Situation(seat=0).state()
    act(s, "play 43 up", "option 2")  # restock 2
    assert s.supply[0][0] == 12 and s.workers[0] == 4
    act(s, "play 42 up")  # second face-up play costs a worker
    assert s.workers[0] == 3 and s.hub[0] == 1
    act(s, "load train L", "load train L")
    assert s.cargo[0][0] == [2, 0, 0] and "unload train L" not in opts(s)  # no moving back this turn
    v = s.view()
    v["workers"][0], v["hub_workers"][0] = 0, 4
    s = soan.from_view(v)
    assert opts(s) and all(not o.endswith(" up") for o in opts(s) if o.startswith("play"))
    t = Situation(seat=0).state()
    assert "end" not in opts(t)  # a non-empty hand must play a card first


def test_AD_T3_resident_cards_do_not_stack_by_name():
    """AD-T3: resident cards do not stack by name."""
    sit = Situation(seat=0)
    s0 = sit.state()
    porters = [c for c in range(40) if s0.T.name[c] == "Porters' guild"]
    sit.hand(0, porters + [base(s0, 0, 1)])  # the other base cards lie face down in play
    s = sit.state()
    act(s, f"play {porters[0]} up", "area 1", "area 2", "cube L", "cube L")
    assert s.play[0][-1][1] == 2 and s._resident(0, "transport_plus") == 1
    assert s.wh[0][6] == 2 and s.stack[-1][0] == "action"  # transport 1 + 1 (resident)
    act(s, f"play {porters[1]} up", "area 1", "area 10", "cube L", "cube L")
    assert s._resident(0, "transport_plus") == 1 and s.wh[0][30] == 2  # same name: still +1
    assert s.stack[-1][0] == "action"


def test_AD_T4_draft_exactly_two_then_refill():
    """AD-T4: draft exactly two then refill."""
    s = Situation(seat=0).state()
    act(s, "play 40 down", "done", "end")
    assert s.stack[-1][0] == "draft" and "done" not in opts(s)
    r = s.req_disp[0]
    c = s.biz_disp[0]
    act(s, f"draft request {r}", f"draft business {c}")
    assert r in s.orders[0] and c in s.hands[0] and len(s.req_disp) == 4 and len(s.biz_disp) == 4
    assert s.stack[-1][0] == "retrieve"


def test_AD_T5_four_face_up_cards_recover_two_workers():
    """AD-T5: four face up cards recover two workers."""
    sit = Situation(seat=0)
    s0 = sit.state()
    sit.v["play"][0] = [[base(s0, 0, 0), 1], [base(s0, 0, 1), 1], [base(s0, 0, 2), 1], [base(s0, 0, 3), 1],
                        [biz(s0, "Courier"), 0]]
    sit.v["hands"][0] = []
    sit.v["business_deck"].remove(biz(s0, "Courier"))
    sit.v["workers"][0], sit.v["hub_workers"][0] = 1, 3
    sit.v["stack"] = [["end_turn", 0], ["retrieve", 0]]
    s = sit.state()
    act(s, "retrieve")
    assert s.workers[0] == 3 and s.hub[0] == 1 and len(s.hands[0]) == 5 and s.play[0] == []


def test_AD_T5_offices_keep_residents_which_do_not_count():
    """AD-T5: offices keep residents which do not count."""
    sit = Situation(seat=0).facility(0, 5, "office")
    s0 = sit.state()
    pub = biz(s0, "Publicist")
    sit.v["business_deck"].remove(pub)
    sit.v["play"][0] = [[pub, 2], [base(s0, 0, 0), 1], [base(s0, 0, 1), 1], [base(s0, 0, 2), 1]]
    sit.v["hands"][0] = [base(s0, 0, 3)]
    sit.v["workers"][0], sit.v["hub_workers"][0] = 2, 2
    sit.v["stack"] = [["end_turn", 0], ["retrieve", 0]]
    s = sit.state()
    act(s, "retrieve", f"card {pub}")
    assert s.play[0] == [(pub, 2)] and s.workers[0] == 3  # 3 face-up returned: 1 MP


def test_AD_R1_vehicles_clockwise_outer_first_and_empty_return():
    """AD-R1: vehicles clockwise outer first and empty return."""
    sit = Situation(seat=2).vehicle("ship", 9, {0: "L"}).vehicle("train", 8)
    sit.v["stack"] = [["end_turn", 2]]
    sit.v["start"], sit.v["turn_k"] = 0, 2  # the round's last turn
    s = sit.state()
    assert s.veh_at == [1, 3]  # ship at P6 (9): P5 (2) has no port, P9 (3) next; the empty train went home
    assert s.round == 2


def test_AD_R2_start_player_passes_left():
    """AD-R2: start player passes left."""
    sit = Situation(seat=1)
    sit.v["start"], sit.v["turn_k"] = 0, 2
    sit.v["stack"] = [["end_turn", 2]]
    sit.v["seat_on_turn"] = 2
    s = sit.state()
    assert s.start == 1 and s.seat == 1 and s.round == 2


def test_AD_E1_deliver_higher_grade_satisfies_and_returns_set_aside():
    """AD-E1: deliver higher grade satisfies and returns set aside."""
    sit = Situation(seat=0).cubes(0, 2, "NH").facility(0, 7, "tower")
    sit.v["aside"][0] = 2
    sit.v["supply"][0][0] -= 2
    sit.v["stock"][0] += 0
    s0 = sit.state()
    r = req(s0, 2, 2, "N")
    sit.orders(0, [r])
    s = sit.state()
    vp = s.T.req_vp[r]
    act(s, "play 40 up", f"request {r}")
    assert s.vp[0] == vp + 1 and s.done[0] == [r]
    assert s.wh[0][6:9] == [0, 0, 0] and s.aside[0] == 0 and s.supply[0][0] == 10
    assert s.stock[1] == 20 and s.stock[2] == 10


def test_AD_E2_transport_up_to_n_within_range_and_cap():
    """AD-E2: transport up to n within range and cap."""
    s = Situation(seat=0).cubes(0, 2, "LL").state()
    act(s, "play 41 up")
    assert "area 1" in opts(s) and "area 2" in opts(s)
    act(s, "area 1")
    dst = opts(s)
    assert "area 2" in dst and "area 3" not in dst  # range 1 from ①: 2, 5, 8, 10
    act(s, "area 2", "cube L")
    assert opts(s) == [] or s.stack[-1][0] == "action"  # warehouse full at 3: the transport ends
    assert s.wh[0][6] == 3


def test_AD_E3_human_transport_one_cube_range_one():
    """AD-E3: human transport one cube range one."""
    s = Situation(seat=0).state()
    act(s, "play 42 down", "area 1", "area 10", "cube L")
    assert s.wh[0][30] == 1 and s.play[0][-1] == (42, 0) and s.stack[-1][0] == "action"


def test_AD_E4_build_cost_overpay_and_office_card():
    """AD-E4: build cost overpay and office card."""
    sit = Situation(seat=0).cubes(0, 5, "H").facility(1, 5, "tower")
    s = sit.state()
    act(s, "play 42 up")
    assert "build 5 office" in opts(s) and "build 5 tower" not in opts(s)
    act(s, "build 5 office")  # cost 2, paid with an H (no change)
    assert s.fac[4 * 5] == 0 and s.wh[0][15:18] == [0, 0, 0] and s.tokens[0] == 9
    assert s.stack[-1][0] == "office_pick"
    c = s.biz_disp[0]
    act(s, f"card {c}")
    assert c in s.hands[0] and len(s.biz_disp) == 4


def test_AD_E5_upgrade_L_aside_N_to_stock():
    """AD-E5: upgrade L aside N to stock."""
    s = Situation(seat=0).state()
    act(s, "play 43 up", "option 1", "cube L")
    assert s.supply[0] == [9, 1, 0] and s.aside[0] == 1 and s.stock[1] == 19
    sit = Situation(seat=0).cubes(0, 1, "N")
    sit.v["stock"][2] = 0
    sit.v["supply"][0][2] = 10  # all H are out
    sit.v["supply"][0][0] = 0
    sit.v["stock"][0] += 10
    t = sit.state()
    act(t, "play 43 up", "option 1")
    assert "cube N" not in opts(t)


def test_AD_E6_restock_up_to_n():
    """AD-E6: restock up to n."""
    sit = Situation(seat=0)
    sit.v["stock"][0], sit.v["supply"][1][0] = 1, sit.v["supply"][1][0] + sit.v["stock"][0] - 1
    s = sit.state()
    act(s, "play 43 up", "option 2")
    assert s.supply[0][0] == 11 and s.stock[0] == 0


def test_AD_K1_midterm():
    """AD-K1: midterm."""
    sit = Situation(seat=2)
    s0 = sit.state()
    red = [r for r in range(54) if s0.T.req_colour[r] == 0 and all(r not in o for o in sit.v["orders"])][:2]
    for key in ("request_deck", "request_display"):
        sit.v[key] = [r for r in sit.v[key] if r not in red]
    sit.v["completed"][0] = red
    sit.v["round"], sit.v["turn_k"], sit.v["start"] = 4, 2, 0
    sit.v["stack"] = [["end_turn", 2]]
    sit.v["workers"][0], sit.v["hub_workers"][0] = 2, 2
    s = sit.state()
    assert s.round == 5
    assert s.vp[0] == 2 * 1  # one red request pairs with the one red base card
    assert s.workers[0] == 3 and len(s.req_disp) == 5


def test_AD_K2_final_path_pairs_and_penalty():
    """AD-K2: final path pairs and penalty."""
    sit = Situation(seat=2).facility(0, 2, "office").facility(0, 9, "market").facility(0, 3, "tower") \
        .facility(0, 7, "gate")
    sit.v["round"], sit.v["turn_k"], sit.v["start"] = 8, 2, 0
    sit.v["stack"] = [["end_turn", 2]]
    s0 = sit.state()
    assert s0.longest_path(0) == 3  # ①-2-9-3 (7 is not connected to the chain)
    s = sit.state()
    assert s.is_over()
    assert s.vp[0] == 3 - 2 * 2  # path 3, two open requests, no pairs


def test_AD_K3_ties_completed_requests_then_shared():
    """AD-K3: ties completed requests then shared."""
    s = Situation().state()
    s.vp = [5, 5, 3]
    s.done = [[1], [], []]
    assert s.ranks() == [1, 2, 3]
    s.done = [[1], [2], []]
    assert s.ranks() == [1, 1, 3]


def test_AD_V1_one_porter():
    """AD-V1: one porter."""
    s = Situation(seat=0, variants=["one-porter"]).state()
    act(s, "play 40 down", "area 1", "area 2", "cube L")
    assert not any(o.endswith("down") for o in opts(s))


def test_AD_V2_big_map_attaches_hub_to_a_terminal_free_outer_area():
    """AD-V2: big map attaches hub to a terminal free outer area."""
    for seed in range(10):
        s = soan.make("asian-delivery", seed=seed, variants=["big-map"])
        hub_nb = s.adj[1]
        assert len(hub_nb) == 1
        first = s.cw[1]
        assert hub_nb == (first,) and not any(s.T.terminals[first]) and s.cw[-1] != first
        assert len(s.cw) == 10


def test_AD_V3_round_end_unload_fewest_cubes_first():
    """AD-V3: round end unload fewest cubes first."""
    sit = Situation(seat=2, variants=["round-end-unload"]).vehicle("train", 1, {0: "LL", 1: "L"})
    sit.v["start"], sit.v["turn_k"], sit.v["seat_on_turn"] = 0, 2, 2
    sit.v["stack"] = [["end_turn", 2]]
    s = sit.state()
    assert s.veh_at[0] == 2 and s.to_act() == (0,)
    act(s, "wish unload", "wish unload")  # seats 0 and 1 both want; seat 1 has fewer
    assert s.to_act() == (1,) and opts(s) == ["cube L", "done"]
    act(s, "cube L")
    assert s.wh[1][6] == 1 and s.round == 2
    t = Situation(seat=0, variants=["round-end-unload"]).vehicle("train", 1, {0: "L"}).state()
    assert "unload train L" not in opts(t)


def test_AD_V4_capacity():
    """AD-V4: capacity."""
    s = Situation(seat=0, variants=["capacity"], params={"vehicle_capacity": 2}).vehicle("train", 1, {1: "L"}).state()
    act(s, "load train L")
    assert "load train L" not in opts(s) and "load ship L" in opts(s)


def test_AD_V5_request_limit():
    """AD-V5: request limit."""
    sit = Situation(seat=0, variants=["request-limit"], params={"request_limit": 2})
    s = sit.state()
    act(s, "play 40 down", "done", "end")
    assert all(o.startswith("draft business") for o in opts(s))


def test_AD_V6_office_request():
    """AD-V6: office request."""
    s = Situation(seat=0, variants=["office-request"]).cubes(0, 5, "L").state()
    act(s, "play 42 up", "build 5 office")
    assert any(o.startswith("request") for o in opts(s)) and any(o.startswith("card") for o in opts(s))


def _midterm_pairs(variants=(), params=None):
    """VP from one red colour pair (a completed red request + the red base card) at the midterm."""
    sit = Situation(seat=2, variants=variants, params=params)
    s0 = sit.state()
    red = [r for r in range(54) if s0.T.req_colour[r] == 0 and all(r not in o for o in sit.v["orders"])][:1]
    for key in ("request_deck", "request_display"):
        sit.v[key] = [r for r in sit.v[key] if r not in red]
    sit.v["completed"][0] = red
    sit.v["round"], sit.v["turn_k"], sit.v["start"] = 4, 2, 0
    sit.v["stack"] = [["end_turn", 2]]
    s = sit.state()
    assert s.round == 5 and s.pairs(0) == 1
    return s.vp[0]


def _final_pairs(variants=(), params=None):
    """VP from one red colour pair at the final settlement (no path, no open requests)."""
    sit = Situation(seat=2, variants=variants, params=params)
    s0 = sit.state()
    red = [r for r in range(54) if s0.T.req_colour[r] == 0 and all(r not in o for o in sit.v["orders"])][:1]
    for key in ("request_deck", "request_display"):
        sit.v[key] = [r for r in sit.v[key] if r not in red]
    sit.v["request_deck"] += sit.v["orders"][0]
    sit.v["orders"][0] = []
    sit.v["completed"][0] = red
    sit.v["round"], sit.v["turn_k"], sit.v["start"] = 8, 2, 0
    sit.v["stack"] = [["end_turn", 2]]
    s = sit.state()
    assert s.is_over() and s.pairs(0) == 1 and s.longest_path(0) == 0
    return s.vp[0]


@pytest.mark.parametrize("variants, params, midterm, final", [
    ((), None, 2, 1),                                                              # the base game
    (("set-weight",), None, 4, 2),                                                 # variant alone: doubled defaults
    ((), {"pair_vp_midterm": 3, "pair_vp_final": 5}, 3, 5),                        # parameters alone
    (("set-weight",), {"pair_vp_midterm": 3, "pair_vp_final": 5}, 3, 5),           # both: the explicit value
    (("set-weight",), {"pair_vp_midterm": 3}, 3, 2),                               # one explicit, one doubled
])
def test_AD_V7_set_weight(variants, params, midterm, final):
    """AD-V7: the variant doubles the pair VP defaults; an explicit value is used as given."""
    assert _midterm_pairs(variants, params) == midterm
    assert _final_pairs(variants, params) == final


def test_AD_V7_unset_parameter_replays_as_unset():
    """AD-V7: the record keeps 'unset' so a replay doubles again rather than freezing the doubled value."""
    s = soan.make("asian-delivery", variants=["set-weight"])
    assert s.cfg.header()["params"]["pair_vp_midterm"] is None
    t = soan.from_view(s.view())
    assert (t.T.pair_mid, t.T.pair_final) == (4, 2)
def test_AD_V8_attributes_rename_colours():
    """AD-V8: attributes rename colours."""
    s = soan.make("asian-delivery", variants=["attributes"])
    assert "(Power)" in s.card_text(s.hands[0][0]) and "(パワー)" in s.card_text(s.hands[0][0], "ja")


def test_AD_V9_distance_bonus():
    """AD-V9: distance bonus."""
    sit = Situation(seat=0, variants=["distance-bonus"]).cubes(0, 3, "L")
    s0 = sit.state()
    r = req(s0, 3, 1, "L")
    sit.orders(0, [r])
    s = sit.state()
    act(s, "play 40 up", f"request {r}")
    assert s.vp[0] == s.T.req_vp[r] + s.dist[1][3] and s.dist[1][3] == 2  # ① - 2 - 3


def test_AD_V10_worker_decay():
    """AD-V10: worker decay."""
    s = Situation(seat=0, variants=["worker-decay"]).state()
    act(s, "play 40 down", "done", "end")
    act(s, f"draft business {s.biz_disp[0]}")
    act(s, f"draft business {s.biz_disp[0]}", "retrieve no")
    assert s.workers[0] == 3 and s.hub[0] == 1


def test_AD_V11_mp_start_player():
    """AD-V11: mp start player."""
    sit = Situation(seat=2, variants=["mp-start-player"])
    sit.v["start"], sit.v["turn_k"], sit.v["seat_on_turn"] = 0, 2, 2
    sit.v["stack"] = [["end_turn", 2]]
    sit.v["workers"] = [4, 2, 4]
    sit.v["hub_workers"] = [0, 2, 0]
    s = sit.state()
    assert s.start == 2  # seats 0 and 2 tie on 4; rotation from seat 1 reaches 2 before 0
    sit.v["workers"], sit.v["hub_workers"] = [2, 4, 4], [2, 0, 0]
    assert sit.state().start == 1  # the usual next start player (seat 1) is among the tied: it starts
    sit.v["workers"], sit.v["hub_workers"] = [4, 3, 2], [0, 1, 2]
    assert sit.state().start == 0  # no tie: the most workers in supply starts, whatever the rotation


def test_AD_V12_local_market():
    """AD-V12: local market."""
    sit = Situation(seat=0, variants=["local-market"]).cubes(0, 5, "L").facility(0, 5, "market")
    sit.v["stack"].append(["lmarket", 0, 5])
    s = sit.state()
    act(s, "cube L")
    assert s.wh[0][15:18] == [0, 1, 0] and s.supply[0] == [10, 0, 0]


def test_AD_V13_stored_vp():
    """AD-V13: stored vp."""
    sit = Situation(seat=2, variants=["stored-vp"]).cubes(0, 5, "LLL").facility(0, 5, "tower")
    sit.v["start"], sit.v["turn_k"], sit.v["seat_on_turn"] = 0, 2, 2
    sit.v["stack"] = [["end_turn", 2]]
    s = sit.state()
    assert s.vp[0] == 1


def test_AD_A1_measures():
    """AD-A1: measures."""
    from contract import measured_random_game

    s, m = measured_random_game("asian-delivery", 3, 6)
    rows = m.per_seat(s)
    assert len(m.standing) == 8 and len(m.by_round) == 8 * 3
    for p, row in enumerate(rows):
        assert row["requests_completed"] == len(s.done[p])
        assert row["requests_open_end"] == len(s.orders[p])
        drafted = len(s.done[p]) + len(s.orders[p])
        assert drafted and row["requests_completed_share"] == len(s.done[p]) / drafted
        assert row["built_office"] + row["built_tower"] + row["built_market"] + row["built_gate"] == 10 - s.tokens[p]
        assert row["workers_spent"] >= 0 and row["facedown_plays"] >= 0
        assert sum(r["facedown_plays"] for r in m.by_round if r["seat"] == p) == row["facedown_plays"]
    assert sum(r["retrievals"] for r in rows) >= 0


@pytest.mark.parametrize("bad", ["play 99 up", "load plane L", "area 0", "request 1"])
def test_illegal_actions_are_refused_with_the_state_unchanged(bad):
    s = Situation(seat=0).state()
    before = s.view()
    with pytest.raises(soan.IllegalAction):
        act(s, bad)
    assert s.view() == before



def test_AD_V13_stored_vp_announced():
    """AD-V13: the terminal announces the stored-cube VP at round end, in both languages."""
    from soan.games.asian_delivery.model import TOWER
    from soan.games.asian_delivery.text import announce

    sit = Situation(seat=2, variants=["stored-vp"]).cubes(0, 5, "LLL").facility(0, 5, "tower")
    sit.v["start"], sit.v["turn_k"], sit.v["seat_on_turn"] = 0, 2, 2
    sit.v["stack"] = [["end_turn", 2]]
    after = sit.state()  # round 1 has just ended: seat 0 scored its stored cubes
    assert after.vp[0] == 1 and after.stored_vp_areas(0) == [5]
    before = after.clone()
    before.round = after.round - 1
    assert "プレイヤー 1: 広告塔と荷物3個以上のエリア（5）で+1VP" in "\n".join(announce(before, after, "ja"))
    assert "area 5: +1 VP" in "\n".join(announce(before, after, "en"))
    assert not any("area 5" in line for line in announce(after, after, "en"))  # no round end, no line
    after.fac[4 * 5 + TOWER] = -1
    assert after.stored_vp_areas(0) == []
