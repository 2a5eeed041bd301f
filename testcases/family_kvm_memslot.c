// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __clear_user() of a memory slot whose access_ok() is skipped for some slot ids
 * check-description: The KVM memory-slot shape before 09d952c971a5 ("KVM: check userspace_addr for all memslots", 2020, virt/kvm/kvm_main.c): the alignment and access_ok() test of the uapi field userspace_addr ran only for slot ids below the user limit, and the slot's memory was later read and written with __copy_{from,to}_user(); here registration and the first access (__clear_user() of the whole slot) are one function, so the path with a high slot id reaches the accessor with no check.
 * check-level: 0
 *
 * check-output-start
family_kvm_memslot.c:43:13: warning: __clear_user() on 'hva' is not validated by access_ok() on every path; clear_user() checks it [-Wuaccess-unchecked]
family_kvm_memslot.c:40:15: note: this check of the pointer does not cover every path to the access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_USER_SLOTS	32

struct uc_memory_region {
	__u32 slot;
	__u32 flags;
	__u64 guest_phys_addr;
	__u64 memory_size;
	__u64 userspace_addr;
};

int uc_set_memory_region(const struct uc_memory_region *mem);
int uc_set_memory_region(const struct uc_memory_region *mem)
{
	void __user *hva = (void __user *)(unsigned long)mem->userspace_addr;
	u16 id = (u16)mem->slot;

	if (mem->memory_size & (PAGE_SIZE - 1))
		return -EINVAL;
	/* The slot is read and written later with the unchecked accessors. */
	if (id < UC_USER_SLOTS &&
	    ((mem->userspace_addr & (PAGE_SIZE - 1)) ||
	     !access_ok(hva, mem->memory_size)))
		return -EINVAL;

	if (__clear_user(hva, mem->memory_size))
		return -EFAULT;
	return 0;
}
EXPORT_SYMBOL_GPL(uc_set_memory_region);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __clear_user() of a memory slot whose access_ok() is skipped for some slot ids");
