"""The club's box of chips against the chips sold (T-CHIPS-4) and the colour-up plan (T-COLOR-1)."""

from tdconsole.domain.clock.structure import Break, Chip, Level, Structure
from tdconsole.domain.commands import AddOn, ClockStart, Register, SetHouseRule, SetMoney, Undo
from tdconsole.domain.examples import Tournament
from tdconsole.domain.money.chip_set import breakdown, chip_set_report
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.views.chip_set import chip_set_news, sale_warning

STRUCTURE = Structure(
    name="box", starting_stack=10_000,
    chips=[Chip(value=25, color="green"), Chip(value=100, color="black"), Chip(value=500, color="purple"),
           Chip(value=1_000, color="yellow")],
    periods=[Level(small_blind=25, big_blind=50, minutes=20),
             Break(minutes=10, color_up=[25], add_on=True),
             Level(small_blind=100, big_blind=200, minutes=20),
             Break(minutes=10, color_up=[100]),
             Level(small_blind=500, big_blind=1_000, minutes=20)],
)
# Equal colours (1,625 a round: six rounds, 9,750), then greedy from the 1,000 down (two 100s, two 25s).
STACK = {25: 8, 100: 8, 500: 6, 1_000: 6}


def _night(box: str) -> Tournament:
    t = Tournament(STRUCTURE)
    t.do(SetHouseRule(key="chip_set.quantities", value=box))
    return t


def test_t_chips_4_the_starting_stack_is_equal_colours_then_greedy() -> None:
    assert breakdown(10_000, [25, 100, 500, 1_000]) == STACK
    assert sum(value * count for value, count in STACK.items()) == 10_000


def test_t_chips_4_the_entry_that_empties_the_box_warns_the_one_before_does_not() -> None:
    t = _night("25=100,100=100,500=100,1000=18")  # the 1,000s make three stacks
    assert chip_set_report(t.state).covers_fresh == 3
    for name in ("Ann", "Bo"):
        t.do(Register(names=[name]))
        assert sale_warning(t.state) is None, name  # the entry before: a stack is still in the box
    t.do(Register(names=["Cy"]))
    warning = sale_warning(t.state)
    assert warning is not None and warning.startswith("T-CHIPS-4: the chip set is used up at 3 entries")
    t.do(Register(names=["Di"]))  # a warning, never a refusal: the TD may have another box
    assert t.state.entries == 4
    assert "6 × 1000" in (sale_warning(t.state) or "")
    t.do(Undo(actor="td"))
    t.do(Undo(actor="td"))
    assert sale_warning(t.state) is None


def test_t_chips_4_add_ons_take_chips_from_the_box_and_warn_too() -> None:
    t = _night("25=100,100=100,500=100,1000=30")
    t.do(SetMoney(settings=MoneySettings(add_on=100, add_on_chips=2_000)))
    t.do(Register(names=["Ann", "Bo", "Cy", "Di"]))  # 24 of the 30 1,000s: one stack left
    assert chip_set_report(t.state).more_entries == 1
    assert breakdown(2_000, [25, 100, 500, 1_000]) == {25: 4, 100: 4, 500: 1, 1_000: 1}
    t.do(ClockStart())
    events = t.do(AddOn(names=["Ann"]), seconds=21 * 60)  # the add-on at the first break
    assert chip_set_report(t.state).left[1_000] == 5
    assert chip_set_report(t.state).more_entries == 0
    assert chip_set_news(t.log[-len(events):], t.state) is not None  # the TD's console tells it
    assert chip_set_news(t.log[:1], t.state) is None  # no sale, no news


def test_t_color_1_the_plan_races_the_removed_chips_and_counts_the_next_colour() -> None:
    t = _night("25=100,100=40,500=100,1000=100")
    plan = chip_set_report(t.state, entries=4).color_ups
    # Break 1: the 32 x 25 sold (800) off, at most 8 x 100 replace them; the box has 40 - 32 = 8.
    assert [(p.level, p.removed, p.value, p.new_chip, p.needed, p.in_box, p.short) for p in plan] == [
        (2, {25: 32}, 800, 100, 8, 8, 0),
        # Break 2: the 32 sold plus the 8 given at the first colour-up: 40 x 100 (4,000) for 8 x 500.
        (3, {100: 40}, 4_000, 500, 8, 76, 0),
    ]
    # Five stacks take every 100 of the box: the first colour-up needs 10 that are not there.
    assert chip_set_report(t.state, entries=5).color_ups[0].short == 10
