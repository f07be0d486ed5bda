// SPDX-License-Identifier: MIT
/*
 * test_bounds.c - boundary values of the runlist-register decoders
 * (kmod/hw/runlist.c nvs_runlist_locate) on every submit-register layout,
 * against a register file that answers only at exact offsets.  Offsets and
 * field positions are those of regs-fifo.md section 3 (written out here as
 * numbers): each bound is tested on both sides.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "testio.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "chip.h"
#include "ptop.h"
#include "runlist.h"
#include "inst.h"

struct fake {
	uint32_t off[16], val[16];
	unsigned int n;
};

static uint32_t f_rd(void *ctx, uint32_t off)
{
	struct fake *f = ctx;

	for (unsigned int i = 0; i < f->n; i++)
		if (f->off[i] == off)
			return f->val[i];
	return 0;
}

static void f_wr(void *ctx, uint32_t off, uint32_t val)
{
	fail_msg("unexpected write %#x = %#x", off, val);
}

static void set(struct fake *f, uint32_t off, uint32_t val)
{
	for (unsigned int i = 0; i < f->n; i++)
		if (f->off[i] == off) {
			f->val[i] = val;
			return;
		}
	f->off[f->n] = off;
	f->val[f->n++] = val;
}

static int locate(struct fake *f, uint16_t chip, int id, uint32_t pri_base, struct nvs_rl_loc *loc)
{
	static struct nvs_topology t;
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = f };
	const struct nvs_chip *c = nvs_chip_lookup(chip);

	assert_non_null(c);
	memset(&t, 0, sizeof(t));
	t.n = 1;
	t.eng[0].runlist = (int16_t)id;
	t.eng[0].runlist_pri_base = pri_base;
	return nvs_runlist_locate(&io, c->caps, &t, id, loc);
}

/* runlist.h: -ENOENT when the device table has no engine on runlist @id,
 * although its submit registers read as a valid runlist */
static void test_locate_not_in_ptop(void **state)
{
	static struct nvs_topology t;
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_rl_loc loc;

	set(&f, 0x2280 + 8 * 1, 0x00000100);
	set(&f, 0x2284 + 8 * 1, 0x00000004);
	t.n = 2;
	t.eng[0].runlist = 0;
	t.eng[1].runlist = 2;
	t.eng[2].runlist = 1;		/* stale, past t.n: not in the table */
	assert_int_equal(nvs_runlist_locate(&io, nvs_chip_lookup(0x140)->caps, &t, 1, &loc),
			 -ENOENT);
	t.eng[1].runlist = 1;
	assert_int_equal(nvs_runlist_locate(&io, nvs_chip_lookup(0x140)->caps, &t, 1, &loc), 0);
	assert_int_equal(loc.length, 4);
}

/* Kepler-Volta: ENG_RUNLIST_BASE 0x2280+8i (PTR 27:0 = addr >> 12, TARGET
 * 29:28), ENG_RUNLIST 0x2284+8i (LENGTH 15:0); 16 runlists (RUNLIST_ENUM
 * is 4 bits); channels: Kepler 4096, else NV_PFIFO_CFG1 0x2008 when
 * 1..4096, else 2048 (Maxwell) / 4096 */
static void test_pfifo_single(void **state)
{
	struct fake f = { 0 };
	struct nvs_rl_loc loc;

	set(&f, 0x2280 + 8 * 15, 0x3fffffff);		/* TARGET 3, PTR max */
	set(&f, 0x2284 + 8 * 15, 0x0013ffff);		/* PENDING + other bits, LENGTH 0xffff */
	assert_int_equal(locate(&f, 0x140, 15, 0, &loc), 0);
	assert_true(loc.base == 0xfffffff000ull);
	assert_int_equal(loc.aperture, 3);
	assert_int_equal(loc.length, 0xffff);
	assert_int_equal(loc.offset, 0);
	assert_int_equal(loc.num_channels, 4096);	/* CFG1 reads 0 */
	assert_int_equal(locate(&f, 0x140, 16, 0, &loc), -ENOENT);
	assert_int_equal(locate(&f, 0x140, -1, 0, &loc), -ENOENT);

	set(&f, 0x2008, 4096);
	assert_int_equal(locate(&f, 0x136, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 4096);
	set(&f, 0x2008, 4097);
	assert_int_equal(locate(&f, 0x136, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 4096);
	assert_int_equal(locate(&f, 0x124, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 2048);	/* Maxwell's default */
	set(&f, 0x2008, 4096);			/* the largest count: taken on Maxwell too */
	assert_int_equal(locate(&f, 0x124, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 4096);
	set(&f, 0x2008, 1);
	assert_int_equal(locate(&f, 0x124, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 1);
	set(&f, 0x2008, 0);
	assert_int_equal(locate(&f, 0x124, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 2048);
	set(&f, 0x2008, 512);
	assert_int_equal(locate(&f, 0x0e4, 15, 0, &loc), 0);
	assert_int_equal(loc.num_channels, 4096);	/* Kepler: CFG1 not used */

	set(&f, 0x2284 + 8 * 15, 0xbadf1100);
	assert_int_equal(locate(&f, 0x140, 15, 0, &loc), -EIO);
	set(&f, 0x2284 + 8 * 15, 0);
	set(&f, 0x2280 + 8 * 15, 0xffffffff);
	assert_int_equal(locate(&f, 0x140, 15, 0, &loc), -EIO);
}

/* Turing: BASE_LO 0x2b00+16i (TARGET 1:0, PTR_LO 31:12), BASE_HI 0x2b04+16i
 * (PTR_HI 7:0 = address bits 39:32), SUBMIT 0x2b08+16i (LENGTH 15:0,
 * OFFSET 31:16); 16 runlists */
static void test_pfifo_indexed(void **state)
{
	struct fake f = { 0 };
	struct nvs_rl_loc loc;

	set(&f, 0x2b00 + 16 * 15, 0xfffff002);
	set(&f, 0x2b04 + 16 * 15, 0xffffff81);		/* only 7:0 count */
	set(&f, 0x2b08 + 16 * 15, 0x0002fffe);
	set(&f, 0x2008, 2048);
	assert_int_equal(locate(&f, 0x164, 15, 0, &loc), 0);
	assert_true(loc.base == 0x81fffff000ull);
	assert_int_equal(loc.aperture, 2);
	assert_int_equal(loc.length, 0xfffe);
	assert_int_equal(loc.offset, 2);
	assert_int_equal(loc.num_channels, 2048);
	assert_int_equal(locate(&f, 0x164, 16, 0, &loc), -ENOENT);
	set(&f, 0x2b04 + 16 * 15, 0xbadf0100);
	assert_int_equal(locate(&f, 0x164, 15, 0, &loc), -EIO);
}

/* Ampere+ NV_RUNLIST block at the runlist pri base.  Layout A (GA100-GH100,
 * GB10x): SUBMIT_BASE_LO +0x080, _HI +0x084, SUBMIT +0x088, CHANNEL_CONFIG
 * +0x004; layout B (GB20x): +0x000, +0x004, +0x008, +0x148.  LO: TARGET
 * 1:0, PTR_LO from the chip's entry-base shift (12 GA100, 10 GA10x-GB1xx,
 * 8 GB20x); HI: PTR_HI 7:0 (GA100/GA10x/Ada) or 19:0 (GH100+).
 * CHANNEL_CONFIG: NUM_CHANNELS_LOG2 3:0 (at most 12), CHRAM offset 31:4
 * (base = reg & ~0xf, non-zero, inside BAR0's 16 MiB) */
static void block(struct fake *f, uint32_t pb, bool b, uint32_t lo, uint32_t hi, uint32_t sub,
		  uint32_t cfg)
{
	f->n = 0;
	set(f, pb + (b ? 0x000 : 0x080), lo);
	set(f, pb + (b ? 0x004 : 0x084), hi);
	set(f, pb + (b ? 0x008 : 0x088), sub);
	set(f, pb + (b ? 0x148 : 0x004), cfg);
}

static void test_block(void **state)
{
	struct fake f = { 0 };
	struct nvs_rl_loc loc;
	uint32_t pb = 0xc00400;

	/* GA100: shift 12, HI 7:0 */
	block(&f, pb, false, 0x12345fff, 0xfff01, 0x00070006, 0x3f000b);
	assert_int_equal(locate(&f, 0x170, 1, pb, &loc), 0);
	assert_true(loc.base == 0x112345000ull);
	assert_int_equal(loc.aperture, 3);
	assert_int_equal(loc.length, 6);
	assert_int_equal(loc.offset, 7);
	assert_int_equal(loc.num_channels, 2048);
	assert_int_equal(loc.chram_base, 0x3f0000);
	assert_int_equal(loc.pri_base, pb);
	/* SUBMIT_BASE_LO TARGET is 1:0 (fifo.h): low bits 0x2 are TARGET 2
	 * (system memory, coherent), low bits 0x5 (bits 2 and 0) TARGET 1 */
	block(&f, pb, false, 0x12345002, 0xfff01, 0x00070006, 0x3f000b);
	assert_int_equal(locate(&f, 0x170, 1, pb, &loc), 0);
	assert_int_equal(loc.aperture, 2);
	assert_true(loc.base == 0x112345000ull);
	block(&f, pb, false, 0x12345005, 0xfff01, 0x00070006, 0x3f000b);
	assert_int_equal(locate(&f, 0x170, 1, pb, &loc), 0);
	assert_int_equal(loc.aperture, 1);
	block(&f, pb, false, 0x12345fff, 0xfff01, 0x00070006, 0x3f000b);
	/* GA102: shift 10 keeps address bits 11:10 */
	assert_int_equal(locate(&f, 0x172, 1, pb, &loc), 0);
	assert_true(loc.base == 0x112345c00ull);
	/* GH100: shift 10, HI 19:0 (52-bit PA): addresses above 2^40 */
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), 0);
	assert_true(loc.base == 0xfff0112345c00ull);
	/* GB202: layout B, shift 8 */
	block(&f, pb, true, 0x12345fff, 0xfff01, 0x00070006, 0x3f000b);
	assert_int_equal(locate(&f, 0x1b2, 1, pb, &loc), 0);
	assert_true(loc.base == 0xfff0112345f00ull);
	assert_int_equal(loc.aperture, 3);
	assert_int_equal(loc.length, 6);
	assert_int_equal(loc.offset, 7);
	assert_int_equal(loc.num_channels, 2048);
	assert_int_equal(loc.chram_base, 0x3f0000);

	/* NUM_CHANNELS_LOG2: 12 is the largest accepted, 13 and 15 are not; 0: one channel */
	block(&f, pb, false, 0x1000, 0, 1, 0xfffffc);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), 0);
	assert_int_equal(loc.num_channels, 4096);
	assert_int_equal(loc.chram_base, 0xfffff0);
	block(&f, pb, false, 0x1000, 0, 1, 0x10d);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), -EIO);
	block(&f, pb, false, 0x1000, 0, 1, 0x10f);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), -EIO);
	block(&f, pb, false, 0x1000, 0, 1, 0x100);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), 0);
	assert_int_equal(loc.num_channels, 1);
	/* CHRAM base: 0 and >= 16 MiB are refused, 0xfffff0 is the last accepted */
	block(&f, pb, false, 0x1000, 0, 1, 0x0000000b);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), -EIO);
	block(&f, pb, false, 0x1000, 0, 1, 0x100000b);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), -EIO);
	block(&f, pb, false, 0x1000, 0, 1, 0xfffffb);
	assert_int_equal(locate(&f, 0x180, 1, pb, &loc), 0);
	assert_int_equal(loc.chram_base, 0xfffff0);
	/* a PRI error in any of the four registers */
	for (int r = 0; r < 4; r++) {
		block(&f, pb, true, 0x1000, 0, 1, 0x1000b);
		f.val[r] = 0xbadf3000;
		assert_int_equal(locate(&f, 0x1b2, 1, pb, &loc), -EIO);
	}
	/* a runlist with no pri base / not in the topology */
	assert_int_equal(locate(&f, 0x180, 1, 0, &loc), -ENOENT);
}

/* one bit at a time through the channel-state decoders: PCCSR (0x800004 +
 * 8 chid: ENABLE 0, NEXT 1, PBDMA_FAULTED 22, ENG_FAULTED 23, STATUS 27:24,
 * BUSY 28; regs-fifo.md 4.1) and CHRAM (chram_base + 4 chid: ENABLE 1, NEXT
 * 2, BUSY 3, PBDMA_FAULTED 4, ENG_FAULTED 5, ON_PBDMA 6, ON_ENG 7, PENDING
 * 8, CTX_RELOAD 9, PBDMA_BUSY 10, ENG_BUSY 11, ACQUIRE_FAIL 12; 4.2) */
static void test_chan_state_bits(void **state)
{
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_rl_loc loc = { .num_channels = 4096, .chram_base = 0x200000 };
	struct nvs_chan_state st;
	static const struct { int bit; uint32_t flag; bool en, busy; } pccsr[] = {
		{ 0, 0, true, false }, { 1, NVS_CHF_NEXT, false, false },
		{ 22, NVS_CHF_PBDMA_FAULTED, false, false }, { 23, NVS_CHF_ENG_FAULTED, false, false },
		{ 28, NVS_CHF_BUSY, false, true }, { 2, 0, false, false }, { 10, 0, false, false },
		{ 11, 0, false, false }, { 21, 0, false, false }, { 29, 0, false, false },
	}, chram[] = {
		{ 0, 0, false, false }, { 1, 0, true, false }, { 2, NVS_CHF_NEXT, false, false },
		{ 3, NVS_CHF_BUSY, false, true }, { 4, NVS_CHF_PBDMA_FAULTED, false, false },
		{ 5, NVS_CHF_ENG_FAULTED, false, false }, { 6, NVS_CHF_ON_PBDMA, false, false },
		{ 7, NVS_CHF_ON_ENG, false, false }, { 8, NVS_CHF_PENDING, false, false },
		{ 9, NVS_CHF_CTX_RELOAD, false, false }, { 10, NVS_CHF_PBDMA_BUSY, false, false },
		{ 11, NVS_CHF_ENG_BUSY, false, false }, { 12, NVS_CHF_ACQUIRE_FAIL, false, false },
		{ 13, 0, false, false },
	};
	const struct nvs_caps *pre = nvs_chip_lookup(0x140)->caps, *amp = nvs_chip_lookup(0x180)->caps;

	for (size_t i = 0; i < sizeof(pccsr) / sizeof(pccsr[0]); i++) {
		f.n = 0;
		set(&f, 0x800004 + 8 * 4095, 1u << pccsr[i].bit);
		nvs_chan_state_read(&io, pre, &loc, 4095, &st);
		assert_true(st.valid);
		assert_int_equal(st.flags, pccsr[i].flag);
		assert_int_equal(st.enabled, pccsr[i].en);
		assert_int_equal(st.busy, pccsr[i].busy);
		assert_int_equal(st.status, 0);
		assert_int_equal(st.raw, 1u << pccsr[i].bit);
	}
	for (int s = 0; s < 16; s++) {
		f.n = 0;
		set(&f, 0x800004 + 8 * 3, (uint32_t)s << 24);
		nvs_chan_state_read(&io, pre, &loc, 3, &st);
		assert_int_equal(st.status, s);
		assert_int_equal(st.flags, 0);
	}
	assert_string_equal(nvs_chan_status_name(0), "idle");
	assert_string_equal(nvs_chan_status_name(7), "on_eng");
	assert_string_equal(nvs_chan_status_name(14), "on_eng_pending_acq_ctx_reload");
	assert_string_equal(nvs_chan_status_name(15), "status15");
	assert_null(nvs_chan_status_name(-1));
	for (size_t i = 0; i < sizeof(chram) / sizeof(chram[0]); i++) {
		f.n = 0;
		set(&f, 0x200000 + 4 * 4095, 1u << chram[i].bit);
		nvs_chan_state_read(&io, amp, &loc, 4095, &st);
		assert_true(st.valid);
		assert_int_equal(st.flags, chram[i].flag);
		assert_int_equal(st.enabled, chram[i].en);
		assert_int_equal(st.busy, chram[i].busy);
		assert_int_equal(st.status, -1);	/* CHRAM has no STATUS */
	}
	/* chid equal to the channel count: not read; a PRI error: not valid */
	loc.num_channels = 4095;
	nvs_chan_state_read(&io, amp, &loc, 4095, &st);
	assert_false(st.valid);
	nvs_chan_state_read(&io, pre, &loc, 4095, &st);
	assert_false(st.valid);
	f.n = 0;
	set(&f, 0x800004 + 8 * 4094, 0xbadf1100);
	nvs_chan_state_read(&io, pre, &loc, 4094, &st);
	assert_false(st.valid);
	assert_int_equal(st.status, -1);
}

/* NV_RUNLIST timeslice: TIMEOUT << SCALE units of 1024 ns; 0 counts as 1 */
static void test_timeslice(void **state)
{
	assert_true(nvs_timeslice_ns(3, 128) == 1048576);
	assert_true(nvs_timeslice_ns(0, 0) == 1024);
	assert_true(nvs_timeslice_ns(15, 0) == 1024);
	assert_true(nvs_timeslice_ns(0, 1) == 1024);
	assert_true(nvs_timeslice_ns(1, 1) == 2048);
	assert_true(nvs_timeslice_ns(15, 255) == 255ull * 32768 * 1024);
	assert_true(nvs_timeslice_ns(2, 100) == 409600);
}

/* an unknown chip id: the architecture is guessed from BOOT_0's ARCHITECTURE
 * (28:24, bit 5 at 8:8; IMPLEMENTATION 23:20) with NVIDIA's numbering:
 * 0x0e-0x10 Kepler, 0x11-0x12 Maxwell, 0x13 Pascal, 0x14-0x15 Volta, 0x16
 * Turing, 0x17 Ampere, 0x18 Hopper, 0x19 Ada, 0x1a-0x1b Blackwell; outside
 * that range nothing is guessed */
static void test_identify_guess(void **state)
{
	static const struct { unsigned int arch; const char *name; } t[] = {
		{ 0x0d, NULL }, { 0x0e, "kepler" }, { 0x10, "kepler" }, { 0x11, "maxwell" },
		{ 0x12, "maxwell" }, { 0x13, "pascal" }, { 0x14, "volta" }, { 0x15, "volta" },
		{ 0x16, "turing" }, { 0x17, "ampere" }, { 0x18, "hopper" }, { 0x19, "ada" },
		{ 0x1a, "blackwell" }, { 0x1b, "blackwell" }, { 0x1c, NULL }, { 0x3f, NULL },
	};
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_ident id;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		f.n = 0;
		/* implementation 0xd exists for no architecture in the chip table */
		set(&f, 0x0, (t[i].arch & 0x1f) << 24 | (t[i].arch >> 5) << 8 | 0xd << 20 | 0xa1);
		assert_int_equal(nvs_identify(&io, &id), 0);
		assert_null(id.chip);
		assert_int_equal(id.chip_id, t[i].arch << 4 | 0xd);
		if (!t[i].name) {
			assert_null(id.caps);
			assert_int_equal(id.arch, NVS_ARCH_UNKNOWN);
			continue;
		}
		assert_non_null(id.caps);
		assert_true(id.caps_guessed);
		assert_string_equal(nvs_arch_name(id.arch), t[i].name);
		assert_int_equal(id.caps->arch, id.arch);
	}
	/* a BOOT_0 of 0, a PRI error: -EIO; all ones: no device */
	f.n = 0;
	set(&f, 0x0, 0);
	assert_int_equal(nvs_identify(&io, &id), -EIO);
	set(&f, 0x0, 0xbadf1000);
	assert_int_equal(nvs_identify(&io, &id), -EIO);
	set(&f, 0x0, 0xffffffff);
	assert_int_equal(nvs_identify(&io, &id), -ENODEV);
}

/* instance block (regs-mmu-gr.md section 3.1/3.2): ENGINE_WFI at dword 132
 * (0x210: TARGET 1:0, MODE 2:2 virtual, PTR_LO 31:12), dword 133 (0x214:
 * PTR_HI 7:0), VEID at 0x218 (5:0), PASID at 0x21c (19:0); Volta+ only */
static uint8_t ramin[4096];

static int m_rd(void *ctx, enum nvs_aperture ap, uint64_t addr, void *buf, size_t len)
{
	if (ap != NVS_AP_VID || addr < 0x10000 || addr + len > 0x10000 + sizeof(ramin))
		return -EIO;
	memcpy(buf, ramin + (addr - 0x10000), len);
	return 0;
}

static void put32(uint32_t off, uint32_t v)
{
	memcpy(ramin + off, &v, 4);
}

static void test_inst_wfi(void **state)
{
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .mem_read = m_rd, .ctx = &f };
	struct nvs_inst in;
	char why[128];

	memset(ramin, 0, sizeof(ramin));
	put32(0x210, 0xabcde000u | 1u << 2 | 3);
	put32(0x214, 0xffffff12u);
	put32(0x218, 0xffffffc5u);
	put32(0x21c, 0x00f12345u);
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10000, NVS_AP_VID, &in,
				       why, sizeof(why)), 0);
	assert_true(in.has_wfi);
	assert_true(in.wfi_ptr == 0x12abcde000ull);
	assert_int_equal(in.wfi_target, 3);
	assert_true(in.wfi_virtual);
	assert_int_equal(in.wfi_veid, 5);
	assert_int_equal(in.pasid, 0x12345);
	assert_true(in.has_subctx);
	put32(0x210, 0x00001000u);	/* physical, target 0 */
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x180)->caps, 0x10000, NVS_AP_VID, &in,
				       why, sizeof(why)), 0);
	assert_true(in.has_wfi);
	assert_false(in.wfi_virtual);
	assert_int_equal(in.wfi_target, 0);
	assert_true(in.wfi_ptr == 0x1200001000ull);
	/* Pascal: no WFI pointer in the instance block */
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x136)->caps, 0x10000, NVS_AP_VID, &in,
				       why, sizeof(why)), 0);
	assert_false(in.has_wfi);
	assert_false(in.has_subctx);
	/* 4 KiB alignment */
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10800, NVS_AP_VID, &in,
				       why, sizeof(why)), -EIO);
	/* no reason buffer (why NULL, whatever its length, or length 0) */
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10800, NVS_AP_VID, &in,
				       NULL, sizeof(why)), -EIO);
	why[0] = 'x';
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10800, NVS_AP_VID, &in,
				       why, 0), -EIO);
	assert_int_equal(why[0], 'x');
	/* the widest PDB field reaches address bit 57 (v2 sys, 53:8 << 4):
	 * ADDR_HI bit 25 (address bit 57) is a PDB, bit 26 (58) is absurd */
	put32(0x200, 0);
	put32(0x204, 1u << 25);
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10000, NVS_AP_VID, &in,
				       why, sizeof(why)), 0);
	assert_true(in.pdb.addr == 1ull << 57);
	put32(0x204, 1u << 26);
	assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10000, NVS_AP_VID, &in,
				       why, sizeof(why)), -EIO);
	assert_non_null(strstr(why, "absurd PDB 0x400000000000000"));
}

/*
 * Every RAMIN/RAMFC field at a value with neighbour bits set, per layout.
 * Offsets and bit ranges from regs-mmu-gr.md §3.1/§3.3 as written out in
 * the comments of include/nvsched/regs/mmu.h, which fields each generation
 * has from kmod/hw/inst.h (VA limit Kepler-Pascal and TU10x, LIMIT2
 * pre-Hopper, SET_CHANNEL_INFO Volta-Hopper, TARGET Turing-Ada, the magic
 * dword and the moved GP registers on Blackwell, no USERD there).
 */

static void inst_fields_fill(void)
{
	memset(ramin, 0, sizeof(ramin));
	/* dword 128: ADDR_LO 31:12 0xabcde, BIG_PAGE 11 clear (128 KiB),
	 * VER2 10, GCC 5, TEX 4 clear, VOL 2, TARGET 1:0 = 2; dword 129:
	 * ADDR_HI 0x12 */
	put32(0x200, 0xabcde000u | 1u << 10 | 1u << 5 | 1u << 2 | 2);
	put32(0x204, 0x12);
	put32(0x208, 0x5432f000u);		/* ADR_LIMIT_LO */
	put32(0x20c, 0x1);			/* ADR_LIMIT_HI, or the magic */
	put32(0x21c, 0x80012345u);		/* ENABLE_ATS 31, PASID 19:0 */
	put32(0x298, 0x5);			/* SC_PDB_VALID: 0, 2 and 63 */
	put32(0x29c, 0x80000000u);
	put32(0x2a0, 0xabcde000u | 1u << 10 | 1u << 2 | 2);	/* SC0 = base */
	put32(0x2a4, 0x12);
	/* RAMFC */
	put32(0x000, 0x1111);			/* GP_PUT */
	put32(0x008, 0x87654200u | 0x1ff);	/* USERD ADDR 31:9, TARGET 1:0 = 3 */
	put32(0x00c, 0x7);			/* USERD_HI */
	put32(0x014, 0x2222);			/* GP_GET */
	put32(0x048, 0x13579bdfu);		/* GP_BASE OFFSET 31:3 */
	put32(0x04c, 0x002bff42u);		/* LIMIT2 20:16 = 11, OFFSET_HI 7:0 = 0x42 */
	put32(0x0ac, 0xfffffff3u);		/* TARGET ENGINE 4:0 = 19 */
	put32(0x0fc, 0xfabc25ffu);		/* CHID 27:16 0xabc, VEID 13:8 0x25 */
	/* Blackwell RAMFC (mmu.h NV_RAMFC_*_GB100) */
	put32(0x090, 0x2468ace7u);		/* GP_BASE */
	put32(0x094, 0xffffff35u);		/* GP_BASE_HI: VA bits 39:32 0x35 */
	put32(0x098, 0x3333);			/* GP_GET */
	put32(0x0c0, 0x4444);			/* DEBUG_STATE(0) = GP_PUT */
}

static void test_inst_fields(void **state)
{
	static const struct {
		uint16_t chip;
		bool replay, limit, subctx, magic, limit2, chinfo, target, gb;
	} t[] = {
		{ 0x0e4, false, true, false, false, true, false, false, false },	/* Kepler */
		{ 0x136, true, true, false, false, true, false, false, false },		/* Pascal */
		{ 0x140, true, false, true, false, true, true, false, false },		/* Volta */
		{ 0x164, true, true, true, false, true, true, true, false },		/* Turing */
		{ 0x192, true, false, true, false, true, true, true, false },		/* Ada */
		{ 0x180, true, false, true, false, false, true, false, false },	/* Hopper */
		{ 0x1b2, true, false, true, true, false, false, false, true },		/* Blackwell */
	};
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .mem_read = m_rd, .ctx = &f };
	struct nvs_inst in;
	char why[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		print_message("  chip 0x%x\n", t[i].chip);
		inst_fields_fill();
		assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(t[i].chip)->caps, 0x10000,
					       NVS_AP_VID, &in, why, sizeof(why)), 0);
		assert_true(in.pdb.addr == 0x12abcde000ull);
		assert_int_equal(in.pdb.target, 2);
		assert_true(in.pdb.vol);
		assert_true(in.pdb.ver2);
		assert_false(in.pdb.big64);
		assert_int_equal(in.fault_replay_gcc, t[i].replay);
		assert_false(in.fault_replay_tex);
		assert_int_equal(in.has_adr_limit, t[i].limit);
		if (t[i].limit)
			assert_true(in.adr_limit == 0x15432f000ull);
		assert_int_equal(in.has_magic, t[i].magic);
		if (t[i].magic)
			assert_int_equal(in.magic, 1);
		assert_int_equal(in.has_subctx, t[i].subctx);
		if (t[i].subctx) {
			assert_int_equal(in.pasid, 0x12345);
			assert_true(in.ats);
			assert_true(in.sc_valid == (0x5ull | 1ull << 63));
			assert_int_equal(in.sc_count, 3);
			assert_true(in.sc0_same);
		}
		assert_int_equal(in.has_userd, !t[i].gb);
		if (t[i].gb) {
			assert_true(in.gp_base == 0x352468ace0ull);
			assert_int_equal(in.gp_get, 0x3333);
			assert_int_equal(in.gp_put, 0x4444);
		} else {
			assert_true(in.gp_base == 0x4213579bd8ull);
			assert_int_equal(in.gp_get, 0x2222);
			assert_int_equal(in.gp_put, 0x1111);
			assert_true(in.userd == 0x787654200ull);
			assert_int_equal(in.userd_target, 3);
		}
		assert_int_equal(in.gp_limit2, t[i].limit2 ? 11 : -1);
		assert_int_equal(in.has_chinfo, t[i].chinfo);
		if (t[i].chinfo) {
			assert_int_equal(in.chid, 0xabc);
			assert_int_equal(in.veid, 0x25);
		}
		assert_int_equal(in.has_target, t[i].target);
		if (t[i].target)
			assert_int_equal(in.engine, 19);
		/* GP_GET and GP_PUT in both texts, the entry count 2^11 */
		fmt_text[0] = 0;
		nvs_inst_format(&in, "", fmt_pr, NULL);
		if (!strstr(fmt_text, t[i].gb ? "GPFIFO VA 0x352468ace0, GP_GET 13107 GP_PUT 17476\n" :
				      t[i].limit2 ? "GPFIFO VA 0x4213579bd8, 2048 entries, GP_GET 8738 GP_PUT 4369\n" :
				      "GPFIFO VA 0x4213579bd8, GP_GET 8738 GP_PUT 4369\n"))
			fail_msg("chip 0x%x: GPFIFO line missing:\n%s", t[i].chip, fmt_text);
		fmt_text[0] = 0;
		nvs_inst_format_box(&in, "", fmt_pr, NULL);
		if (!strstr(fmt_text, t[i].gb ? "| GP_GET:        13107|\n| GP_PUT:        17476|\n" :
				      "| GP_GET:         8738|\n| GP_PUT:         4369|\n"))
			fail_msg("chip 0x%x: GP_GET/GP_PUT box lines missing:\n%s", t[i].chip, fmt_text);
		/* the other fault-replay bit, BIG_PAGE 64 KiB without VER2, VOL
		 * clear, and a subcontext 0 elsewhere */
		put32(0x200, 0xabcde000u | 1u << 11 | 1u << 4 | 2);
		put32(0x2a4, 0x13);
		assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(t[i].chip)->caps, 0x10000,
					       NVS_AP_VID, &in, why, sizeof(why)), 0);
		assert_int_equal(in.fault_replay_tex, t[i].replay);
		assert_false(in.fault_replay_gcc);
		assert_false(in.pdb.ver2);
		assert_true(in.pdb.big64);
		assert_false(in.pdb.vol);
		assert_false(in.sc0_same);
	}
}

/* RAMFC GP_BASE_HI LIMIT2 (bits 20:16) is log2 of the GPFIFO entries:
 * LIMIT2 10 is 1024 entries, 0 is 1; the box prints that count */
static void test_inst_gpfifo_entries(void **state)
{
	static const struct { uint32_t limit2; const char *want; } t[] = {
		{ 10, "| GPFIFO entries: 1024|" }, { 0, "| GPFIFO entries:    1|" },
		{ 16, "| GPFIFO entries:65536|" },
	};
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .mem_read = m_rd, .ctx = &f };
	struct nvs_inst in;
	char why[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		memset(ramin, 0, sizeof(ramin));
		put32(0x048, 0x40000000u);			/* GP_BASE, low word */
		put32(0x04c, t[i].limit2 << 16 | 0x12);	/* LIMIT2, VA bits 39:32 */
		assert_int_equal(nvs_inst_read(&io, nvs_chip_lookup(0x140)->caps, 0x10000,
					       NVS_AP_VID, &in, why, sizeof(why)), 0);
		assert_int_equal(in.gp_limit2, (int)t[i].limit2);
		fmt_text[0] = 0;
		nvs_inst_format_box(&in, "", fmt_pr, NULL);
		if (!strstr(fmt_text, t[i].want))
			fail_msg("LIMIT2 %u: want '%s' in\n%s", t[i].limit2, t[i].want, fmt_text);
	}
}

/* runlist entry size (regs-fifo.md 3.4): 8 bytes Kepler-Pascal, 16 bytes
 * from Volta on; the fetch reads exactly length * size bytes */
static void test_entry_size(void **state)
{
	static const struct { uint16_t chip; size_t size; } t[] = {
		{ 0x0e4, 8 }, { 0x124, 8 }, { 0x136, 8 }, { 0x13b, 8 }, { 0x140, 16 }, { 0x15b, 16 },
		{ 0x164, 16 }, { 0x170, 16 }, { 0x17b, 16 }, { 0x172, 16 }, { 0x192, 16 },
		{ 0x180, 16 }, { 0x1a0, 16 }, { 0x1b2, 16 },
	};
	struct nvs_rl_loc loc = { .length = 0xffff };

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct nvs_chip *c = nvs_chip_lookup(t[i].chip);

		assert_non_null(c);
		assert_int_equal(nvs_runlist_bytes(c->caps, &loc), 0xffff * t[i].size);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_locate_not_in_ptop),
		cmocka_unit_test(test_pfifo_single),
		cmocka_unit_test(test_pfifo_indexed),
		cmocka_unit_test(test_block),
		cmocka_unit_test(test_chan_state_bits),
		cmocka_unit_test(test_timeslice),
		cmocka_unit_test(test_identify_guess),
		cmocka_unit_test(test_inst_wfi),
		cmocka_unit_test(test_inst_fields),
		cmocka_unit_test(test_inst_gpfifo_entries),
		cmocka_unit_test(test_entry_size),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
