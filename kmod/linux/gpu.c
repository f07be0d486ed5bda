// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * gpu.c - finding GPUs, mapping their registers, the MMIO accessor.
 *
 * nvsched never binds a driver to an NVIDIA device: the real driver
 * (nvidia, nvidia-open, nouveau) owns it.  We look devices up, take a
 * reference, map BAR0 without claiming the region and only read while the
 * device is runtime-active.
 */
#include <linux/capability.h>
#include <linux/delay.h>
#include <linux/highmem.h>
#include <linux/dma-direct.h>
#include <linux/iommu.h>
#include <linux/ioport.h>
#include <linux/mm.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "simbox.h"
#include "nvsched/regs/boot.h"

#define PCI_VENDOR_NVIDIA	0x10de

/*
 * Tegra iGPUs are platform devices; the names nvdebug looks up, newest
 * first (as nvdebug does, nvdebug_entry.c): generic L4T >= 36.3, Orin, Xavier,
 * TX2, TX1.
 */
static const char *const nvs_tegra_names[] = {
	"17000000.gpu", "17000000.ga10b", "17000000.gv11b", "17000000.gp10b", "57000000.gpu",
};

struct nvs_test_id {
	u16 vendor, device;
	u8 bar;
};

/* "vvvv:dddd:B[,vvvv:dddd:B...]" */
static int parse_test_devices(const char *s, struct nvs_test_id *ids, int max)
{
	int n = 0;

	while (s && *s) {
		unsigned int v, d, b;
		int len = 0;

		if (n == max)
			return -E2BIG;
		if (sscanf(s, "%4x:%4x:%u%n", &v, &d, &b, &len) != 3 || b > 5)
			return -EINVAL;
		ids[n].vendor = v;
		ids[n].device = d;
		ids[n].bar = b;
		n++;
		s += len;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return -EINVAL;
		else
			break;
	}
	return n;
}

static bool pci_is_nvidia_display(struct pci_dev *pdev)
{
	return pdev->vendor == PCI_VENDOR_NVIDIA &&
	       (pdev->class >> 16) == PCI_BASE_CLASS_DISPLAY;
}

/* ---- the accessor ------------------------------------------------------ */

static void nvs_simbox_post(struct nvs_gpu *g, u32 off, u32 val)
{
	void __iomem *sb = g->simbox;
	u32 head = ioread32(sb + NVS_SIMBOX_HEAD_OFF);
	u32 slot = head & (NVS_SIMBOX_RING - 1);
	unsigned long deadline;

	iowrite32(off, sb + NVS_SIMBOX_RING_OFF + slot * 8);
	iowrite32(val, sb + NVS_SIMBOX_RING_OFF + slot * 8 + 4);
	wmb();	/* record before head */
	iowrite32(head + 1, sb + NVS_SIMBOX_HEAD_OFF);

	/* Wait until the model applied the write, as hardware would have. */
	deadline = jiffies + msecs_to_jiffies(NVS_SIMBOX_TIMEOUT_MS);
	while (ioread32(sb + NVS_SIMBOX_TAIL_OFF) != head + 1) {
		if (time_after(jiffies, deadline)) {
			dev_err(g->dev,
				"%s: test GPU model stopped answering; writes are plain RAM from now on\n",
				g->name);
			g->simbox_dead = true;
			return;
		}
		usleep_range(20, 100);
	}
}

static u32 nvs_mmio_rd32(void *ctx, u32 off)
{
	struct nvs_gpu *g = ctx;

	lockdep_assert_held(&g->lock);
	if ((off & 3) || off > g->regs_len - 4 || !g->regs)
		return NV_REG_VALUE_INVALID;
	return ioread32(g->regs + off);
}

static void nvs_mmio_wr32(void *ctx, u32 off, u32 val)
{
	struct nvs_gpu *g = ctx;

	lockdep_assert_held(&g->lock);
	if ((off & 3) || off > g->regs_len - 4 || !g->regs) {
		dev_warn_ratelimited(g->dev,
				     "%s: refused write outside BAR0 (0x%x)\n",
				     g->name, off);
		return;
	}
	iowrite32(val, g->regs + off);
	if (g->simbox && !g->simbox_dead)
		nvs_simbox_post(g, off, val);
}

/*
 * The CPU physical address behind bus address @addr of @g's device, or 0
 * when it has none: through the device's IOMMU domain when that translates
 * (a DMA or unmanaged paging domain); through the DMA layer's own offsets
 * (dma_to_phys(): bus offsets, memory encryption bits) when the device has
 * no domain or an identity one; never for a blocked domain.
 */
static phys_addr_t nvs_bus_to_phys(struct nvs_gpu *g, u64 addr)
{
	struct iommu_domain *dom = iommu_get_domain_for_dev(g->dev);

	if ((u64)(dma_addr_t)addr != addr)
		return 0;
	if (dom && dom->type != IOMMU_DOMAIN_IDENTITY) {
		if (!(dom->type & __IOMMU_DOMAIN_PAGING))
			return 0;	/* blocked: the device reaches nothing */
		return iommu_iova_to_phys(dom, (dma_addr_t)addr);
	}
	return dma_to_phys(g->dev, (dma_addr_t)addr);
}

/*
 * System memory the GPU points at (runlists, instance blocks, page tables
 * in SYS_MEM), on every generation: the address comes from GPU memory and
 * is a bus address.  It is translated as the device's DMA sees it
 * (nvs_bus_to_phys()) page by page, and only pages of system RAM are read,
 * through the kernel's own mapping: never MMIO, never through the PRAMIN
 * window (which would make the GPU fetch an address nobody checked).
 * Return: 0; -EIO for an address that does not translate or is not RAM;
 * -EOPNOTSUPP for video memory (read through the window).
 */
static int nvs_mmio_mem_read(void *ctx, enum nvs_aperture ap, u64 addr, void *buf, size_t len)
{
	struct nvs_gpu *g = ctx;
	u8 *out = buf;

	lockdep_assert_held(&g->lock);
	if (ap != NVS_AP_SYS_COH && ap != NVS_AP_SYS_NONCOH)
		return -EOPNOTSUPP;
	while (len) {
		size_t chunk = min_t(size_t, len, PAGE_SIZE - offset_in_page(addr));
		phys_addr_t phys = nvs_bus_to_phys(g, addr);
		void *v;

		if (!phys || offset_in_page(phys) != offset_in_page(addr) ||
		    !pfn_valid(PHYS_PFN(phys)) ||
		    region_intersects(phys, chunk, IORESOURCE_SYSTEM_RAM,
				      IORES_DESC_NONE) != REGION_INTERSECTS)
			return -EIO;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 11, 0)
		v = kmap_local_page(pfn_to_page(PHYS_PFN(phys)));
		memcpy(out, v + offset_in_page(phys), chunk);
		kunmap_local(v);
#else
		v = kmap_atomic(pfn_to_page(PHYS_PFN(phys)));
		memcpy(out, v + offset_in_page(phys), chunk);
		kunmap_atomic(v);
#endif
		out += chunk;
		addr += chunk;
		len -= chunk;
	}
	return 0;
}

/* long read loops: let others run; stop for a dying caller */
static int nvs_mmio_yield(void *ctx)
{
	cond_resched();
	return fatal_signal_pending(current) ? -EINTR : 0;
}

/* ---- access brackets --------------------------------------------------- */

/**
 * nvs_gpu_power_locked() - make sure @g answers register reads, under its lock
 * @g: the GPU (lock held, not gone)
 * @power_up: a runtime-suspended Tegra iGPU may be powered up
 *
 * Takes a runtime-PM usage reference where the device has runtime PM
 * (@g->pm_ref; nvs_gpu_end() drops it).  A PCI GPU must be active, in D0
 * and still bound to its driver.
 *
 * Return: 0; -EAGAIN when the GPU is runtime-suspended (its driver saves
 * and restores its state); -EIO when it cannot be read; another errno from
 * runtime PM.
 */
int nvs_gpu_power_locked(struct nvs_gpu *g, bool power_up)
{
	int ret;

	if (g->test_dev)
		return 0;
	if (g->plat && power_up) {
		ret = pm_runtime_get_sync(g->dev);
		if (ret < 0) {
			pm_runtime_put_noidle(g->dev);
			return -EIO;
		}
		g->pm_ref = true;
		return 0;
	}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	ret = pm_runtime_get_if_active(g->dev);
#else
	ret = pm_runtime_get_if_active(g->dev, true);
#endif
	if (ret == 0)		/* suspended: reads would be all-ones */
		return -EAGAIN;
	/* -EINVAL: runtime PM disabled, the device is always on */
	if (ret < 0 && ret != -EINVAL)
		return ret;
	g->pm_ref = ret > 0;
	/* in D0 and still the owner's: else reads are all-ones or not ours */
	if (g->pdev && (g->pdev->current_state != PCI_D0 || !g->pdev->dev.driver)) {
		if (g->pm_ref)
			pm_runtime_put(g->dev);
		g->pm_ref = false;
		return -EIO;
	}
	return 0;
}

/**
 * nvs_gpu_begin() - start an MMIO sequence on @g
 * @g: the GPU
 *
 * Takes the per-GPU lock and, for a runtime-PM managed device, a usage
 * reference only if it is already active: nvsched never wakes a GPU.
 *
 * Return: 0 with the lock held, -ENODEV when the GPU is gone, -EIO when
 * it is runtime-suspended, -EINTR on a signal.
 */
int nvs_gpu_begin(struct nvs_gpu *g)
{
	int ret;

	if (mutex_lock_interruptible(&g->lock))
		return -EINTR;
	ret = g->gone ? -ENODEV :
	      /* Tegra: the iGPU is powered on demand; only a privileged
	       * caller may power it up (docs/security.md) */
	      nvs_gpu_power_locked(g, capable(CAP_SYS_RAWIO));
	if (ret == -EAGAIN)
		ret = -EIO;
	if (ret)
		mutex_unlock(&g->lock);
	return ret;
}

/**
 * nvs_gpu_end() - end an MMIO sequence started by nvs_gpu_begin()
 * @g: the GPU
 */
void nvs_gpu_end(struct nvs_gpu *g)
{
	if (g->pm_ref)
		pm_runtime_put(g->dev);
	g->pm_ref = false;
	mutex_unlock(&g->lock);
}

/**
 * nvs_gpu_identify_locked() - (re)read the chip id
 * @g: the GPU, lock held
 *
 * Return: 0 or the error of nvs_identify(), also kept in @g->ident_err.
 */
int nvs_gpu_identify_locked(struct nvs_gpu *g)
{
	lockdep_assert_held(&g->lock);
	g->ident_err = nvs_identify(&g->io, &g->ident);
	return g->ident_err;
}

static void nvs_gpu_unmap(struct nvs_gpu *g)
{
	if (g->regs) {
		if (g->plat)
			iounmap(g->regs);
		else
			pci_iounmap(g->pdev, g->regs);
	}
	if (g->simbox)
		pci_iounmap(g->pdev, g->simbox);
	g->regs = NULL;
	g->simbox = NULL;
}

/**
 * nvs_gpu_mark_gone() - the device went away: stop touching it
 * @g: the GPU
 *
 * Called from the bus notifier on removal or driver unbind.  Files of the
 * GPU keep existing until unload and fail with ENODEV.
 */
void nvs_gpu_mark_gone(struct nvs_gpu *g)
{
	mutex_lock(&g->lock);
	if (!g->gone) {
		g->gone = true;
		dev_notice(g->dev, "%s: device removed or unbound, dropping it\n",
			   g->name);
		nvs_gpu_unmap(g);
	}
	mutex_unlock(&g->lock);
}

/* ---- discovery ------------------------------------------------------------ */

/*
 * Only a GPU that its own driver (nvidia or nouveau) has bound and enabled
 * is touched: one passed through to a virtual machine (vfio-pci) or bound
 * to no driver belongs to someone else.  Simulated test devices have no
 * owner unless test_strict_owner=1 asks for the real check.
 */
static int nvs_gpu_owner_ok(struct pci_dev *pdev, bool test_dev)
{
	static const char * const owners[] = { "nvidia", "nouveau" };
	const char *drv;

	if (test_dev && !nvs_test_strict_owner())
		return 0;
	drv = pdev->dev.driver ? pdev->dev.driver->name : NULL;
	if (!drv || match_string(owners, ARRAY_SIZE(owners), drv) < 0) {
		dev_warn(&pdev->dev,
			 "nvsched: not using this GPU: it is bound to %s, not to nvidia or nouveau (passed through to a virtual machine, or unused)\n",
			 drv ? drv : "no driver");
		return -EPERM;
	}
	if (!pci_is_enabled(pdev)) {
		dev_warn(&pdev->dev, "nvsched: not using this GPU: %s has not enabled it\n",
			 drv);
		return -EPERM;
	}
	return 0;
}

static int nvs_gpu_map(struct nvs_gpu *g, int bar)
{
	struct pci_dev *pdev = g->pdev;
	resource_size_t len = pci_resource_len(pdev, bar);
	int ret;

	ret = nvs_gpu_owner_ok(pdev, g->test_dev);
	if (ret)
		return ret;
	if (!(pci_resource_flags(pdev, bar) & IORESOURCE_MEM) || len < 0x1000) {
		dev_err(&pdev->dev, "%s: BAR%d is not a memory BAR\n", g->name, bar);
		return -ENODEV;
	}
	if (g->test_dev && !pci_is_enabled(pdev)) {
		/* nobody owns the ivshmem device: enable decoding ourselves */
		ret = pci_enable_device_mem(pdev);
		if (ret)
			return ret;
		g->enabled_dev = true;
	}
	g->regs_len = min_t(resource_size_t, len, NVS_BAR0_MAX);
	/* map without requesting the region: the owning driver holds it */
	g->regs = pci_iomap(pdev, bar, g->regs_len);
	if (!g->regs)
		return -ENOMEM;
	if (g->test_dev && len >= NVS_SIMBOX_BAR_SIZE) {
		/* header + the whole ring (32 KiB), not just one page */
		g->simbox = pci_iomap_range(pdev, bar, NVS_SIMBOX_OFFSET, NVS_SIMBOX_MAP_SIZE);
		if (g->simbox && ioread32(g->simbox + NVS_SIMBOX_MAGIC_OFF) != NVS_SIMBOX_MAGIC) {
			pci_iounmap(pdev, g->simbox);
			g->simbox = NULL;
		}
	}
	return 0;
}

static void nvs_gpu_free(struct nvs_gpu *g)
{
	nvs_gpu_unmap(g);
	if (g->enabled_dev)
		pci_disable_device(g->pdev);
	if (g->plat)
		put_device(g->dev);
	else
		pci_dev_put(g->pdev);
	mutex_destroy(&g->lock);
	kfree(g->disabled);
	kfree(g);
}

static void nvs_gpu_report(struct nvs_gpu *g)
{
	struct device *dev = g->dev;
	const struct nvs_ident *id = &g->ident;

	if (g->ident_err) {
		dev_warn(dev, "%s: cannot identify the chip (%d): BOOT_0 reads 0x%08x\n",
			 g->name, g->ident_err, id->boot0);
	} else if (!id->chip) {
		dev_warn(dev, "%s: unknown chip id 0x%03x (BOOT_0 0x%08x, BOOT_42 0x%08x): %s; please report it\n",
			 g->name, id->chip_id, id->boot0, id->boot42,
			 id->caps ? "using the conservative path of its architecture" :
				    "unknown architecture, chip identity only");
	} else {
		dev_info(dev, "%s: %s (chip 0x%03x, %s)%s%s\n", g->name,
			 id->chip->name, id->chip_id, nvs_arch_name(id->arch),
			 g->test_dev ? ", simulated" : "",
			 g->simbox ? " with a live model" : "");
	}
}

/* Map a Tegra iGPU's register aperture (platform MEM resource 0). */
static int nvs_plat_map(struct nvs_gpu *g)
{
	struct resource *res = platform_get_resource(g->plat, IORESOURCE_MEM, 0);

	if (!res || resource_size(res) < 0x1000)
		return -ENODEV;
	g->regs_len = min_t(resource_size_t, resource_size(res), NVS_BAR0_MAX);
	/* no request_mem_region: nvgpu owns it */
	g->regs = ioremap(res->start, g->regs_len);
	return g->regs ? 0 : -ENOMEM;
}

/* @pdev or @plat (referenced by the caller; the reference moves to @g) */
static int nvs_gpu_create(struct pci_dev *pdev, struct platform_device *plat, int bar,
			  bool test_dev, unsigned int index, struct nvs_gpu **out)
{
	struct nvs_gpu *g;
	int ret;

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return -ENOMEM;
	if (plat) {
		g->plat = plat;
		g->dev = &plat->dev;
		get_device(g->dev);
	} else {
		g->pdev = pci_dev_get(pdev);
		g->dev = &pdev->dev;
	}
	g->test_dev = test_dev;
	g->index = index;
	snprintf(g->name, sizeof(g->name), "gpu%u", index);
	mutex_init(&g->lock);
	atomic_set(&g->prio_files, 0);
	g->io.rd32 = nvs_mmio_rd32;
	g->io.wr32 = nvs_mmio_wr32;
	g->io.mem_read = nvs_mmio_mem_read;
	g->io.yield = nvs_mmio_yield;
	g->io.ctx = g;

	ret = plat ? nvs_plat_map(g) : nvs_gpu_map(g, bar);
	if (ret)
		goto err;
	ret = nvs_gpu_begin(g);
	if (ret == 0) {
		nvs_gpu_identify_locked(g);
		nvs_gpu_end(g);
	} else {
		g->ident_err = ret;	/* e.g. suspended: retried on first use */
	}
	nvs_gpu_report(g);
	*out = g;
	return 0;
err:
	nvs_gpu_free(g);
	return ret;
}

struct nvs_candidate {
	struct pci_dev *pdev;
	int bar;
	bool test_dev;
};

static int cand_cmp(const void *a, const void *b)
{
	const struct pci_dev *x = ((const struct nvs_candidate *)a)->pdev;
	const struct pci_dev *y = ((const struct nvs_candidate *)b)->pdev;

	if (pci_domain_nr(x->bus) != pci_domain_nr(y->bus))
		return pci_domain_nr(x->bus) < pci_domain_nr(y->bus) ? -1 : 1;
	if (x->bus->number != y->bus->number)
		return x->bus->number < y->bus->number ? -1 : 1;
	return (int)x->devfn - (int)y->devfn;
}

/*
 * The module's only state outside the per-GPU structs: the list of GPUs,
 * built once at load (nvs_gpus_discover()) and torn down at unload
 * (nvs_gpus_release()).  Entries are never removed while the module is
 * loaded (a removed device is marked gone instead), so readers need no
 * lock to walk it.
 */
static LIST_HEAD(nvs_gpu_list);
static unsigned int nvs_ngpus;

/* NVIDIA display controllers and test_devices= matches, in PCI bus order;
 * each holds a reference (pci_dev_put() them); returns how many */
static int nvs_pci_candidates(const struct nvs_test_id *ids, int nids,
			      struct nvs_candidate *cand, int max)
{
	struct pci_dev *pdev = NULL;
	int i, ncand = 0;

	for_each_pci_dev(pdev) {
		int bar = -1;

		if (pci_is_nvidia_display(pdev))
			bar = 0;
		for (i = 0; i < nids && bar < 0; i++)
			if (pdev->vendor == ids[i].vendor && pdev->device == ids[i].device)
				bar = ids[i].bar;
		if (bar < 0 || ncand == max)
			continue;
		cand[ncand].pdev = pci_dev_get(pdev);
		cand[ncand].bar = bar;
		cand[ncand].test_dev = !pci_is_nvidia_display(pdev);
		ncand++;
	}
	sort(cand, ncand, sizeof(*cand), cand_cmp, NULL);
	return ncand;
}

/**
 * nvs_gpus_discover() - find the GPUs and build their state
 * @test_devices: the test_devices= parameter or NULL
 *
 * The list is in nvdebug order (PCI bus order; a Tegra platform GPU
 * first).
 *
 * Return: 0 (also with no GPU), or a negative errno for a bad parameter or
 * an allocation failure; on error nothing is left behind.
 */
int nvs_gpus_discover(const char *test_devices)
{
	struct list_head *gpus = &nvs_gpu_list;
	struct nvs_test_id ids[NVS_MAX_TEST_IDS];
	struct nvs_candidate *cand = NULL;
	int nids, ncand, i, ret = 0;
	unsigned int index = 0;

	nids = parse_test_devices(test_devices, ids, NVS_MAX_TEST_IDS);
	if (nids < 0) {
		pr_err("nvsched: bad test_devices=\"%s\": expected VENDOR:DEVICE:BAR[,...] in hex, e.g. 1af4:1110:2\n",
		       test_devices);
		return nids;
	}

	cand = kcalloc(256, sizeof(*cand), GFP_KERNEL);
	if (!cand)
		return -ENOMEM;
	ncand = nvs_pci_candidates(ids, nids, cand, 256);

	/* nvdebug numbering: the Tegra platform GPU first (at most one) */
	for (i = 0; i < (int)ARRAY_SIZE(nvs_tegra_names); i++) {
		struct device *d = bus_find_device_by_name(&platform_bus_type, NULL,
							   nvs_tegra_names[i]);
		struct nvs_gpu *g;
		int err;

		if (!d)
			continue;
		err = nvs_gpu_create(NULL, to_platform_device(d), 0, false, index, &g);
		put_device(d);
		if (err == -ENOMEM) {
			ret = err;
			goto out;
		}
		if (!err) {
			list_add_tail(&g->node, gpus);
			index++;
		} else {
			dev_warn(d, "nvsched: skipping the Tegra GPU (%d)\n", err);
		}
		break;
	}

	for (i = 0; i < ncand; i++) {
		struct nvs_gpu *g;
		int err = nvs_gpu_create(cand[i].pdev, NULL, cand[i].bar,
					 cand[i].test_dev, index, &g);

		if (err == -ENOMEM) {
			ret = err;
			break;
		}
		if (err) {
			dev_warn(&cand[i].pdev->dev, "nvsched: skipping device (%d)\n", err);
			continue;
		}
		list_add_tail(&g->node, gpus);
		index++;
	}
out:
	for (i = 0; i < ncand; i++)
		pci_dev_put(cand[i].pdev);
	kfree(cand);
	if (ret)
		nvs_gpus_release();
	else
		nvs_ngpus = index;
	return ret;
}

/**
 * nvs_gpus_release() - forget every GPU (their /proc files must be gone)
 */
void nvs_gpus_release(void)
{
	struct nvs_gpu *g, *tmp;

	list_for_each_entry_safe(g, tmp, &nvs_gpu_list, node) {
		list_del(&g->node);
		nvs_gpu_free(g);
	}
	nvs_ngpus = 0;
}

/**
 * nvs_gpu_next() - walk the GPUs
 * @prev: the previous GPU, or NULL for the first
 *
 * Return: the next GPU, or NULL after the last.
 */
struct nvs_gpu *nvs_gpu_next(struct nvs_gpu *prev)
{
	struct list_head *n = prev ? prev->node.next : nvs_gpu_list.next;

	return n == &nvs_gpu_list ? NULL : list_entry(n, struct nvs_gpu, node);
}

/**
 * nvs_gpu_get_by_index() - the GPU of /proc/gpu@index
 * @index: its index
 *
 * Return: the GPU, or NULL when there is none.
 */
struct nvs_gpu *nvs_gpu_get_by_index(unsigned int index)
{
	struct nvs_gpu *g;

	list_for_each_entry(g, &nvs_gpu_list, node)
		if (g->index == index)
			return g;
	return NULL;
}

/**
 * nvs_gpu_count() - how many GPUs the module found
 *
 * Return: the count.
 */
unsigned int nvs_gpu_count(void)
{
	return nvs_ngpus;
}

/**
 * nvs_topo_begin() - nvs_gpu_begin() plus a valid chip identity
 * @g: the GPU
 *
 * Return: 0 with the lock held, or -EINTR/-ENODEV/-EIO without it.
 */
int nvs_topo_begin(struct nvs_gpu *g)
{
	int ret = nvs_gpu_begin(g);

	if (ret)
		return ret;
	if (g->ident_err)
		nvs_gpu_identify_locked(g);
	if (g->ident_err) {
		nvs_gpu_end(g);
		return -EIO;
	}
	return 0;
}

/**
 * nvs_gpu_topology() - read and decode the device table of @g
 * @g: the GPU
 * @out: a kmalloc'ed topology on success (kfree() it)
 *
 * Return: 0, -ENODEV (gone), -EIO (unreadable, malformed or no chip
 * identity), -EOPNOTSUPP (unknown table format), -ENOMEM.
 */
int nvs_gpu_topology(struct nvs_gpu *g, struct nvs_topology **out)
{
	struct nvs_topology *t;
	int ret;

	t = kmalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	ret = nvs_gpu_begin(g);
	if (ret)
		goto err;
	if (g->ident_err)
		nvs_gpu_identify_locked(g);
	ret = g->ident_err ? -EIO : nvs_ptop_read(&g->io, g->ident.caps, t);
	nvs_gpu_end(g);
	if (ret) {
		dev_warn_ratelimited(g->dev, "%s: cannot decode the device table (%d)\n",
				     g->name, ret);
		goto err;
	}
	*out = t;
	return 0;
err:
	kfree(t);
	return ret;
}
