// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __clear_user() of a memory slot checked by access_ok() for every slot id
 * check-description: The look-alike of family_kvm_memslot.c as 09d952c971a5 ("KVM: check userspace_addr for all memslots") left the memory-slot ioctl: the alignment and access_ok() test of userspace_addr runs for every slot id, so __clear_user() of memory_size bytes is covered on every path.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_memory_region {
	__u32 slot;
	__u32 flags;
	__u64 guest_phys_addr;
	__u64 memory_size;
	__u64 userspace_addr;
};

int uc_set_memory_region_ok(const struct uc_memory_region *mem);
int uc_set_memory_region_ok(const struct uc_memory_region *mem)
{
	void __user *hva = (void __user *)(unsigned long)mem->userspace_addr;

	if (mem->memory_size & (PAGE_SIZE - 1))
		return -EINVAL;
	/* The slot is read and written later with the unchecked accessors. */
	if ((mem->userspace_addr & (PAGE_SIZE - 1)) ||
	    !access_ok(hva, mem->memory_size))
		return -EINVAL;

	if (__clear_user(hva, mem->memory_size))
		return -EFAULT;
	return 0;
}
EXPORT_SYMBOL_GPL(uc_set_memory_region_ok);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __clear_user() of a memory slot checked by access_ok() for every slot id");
