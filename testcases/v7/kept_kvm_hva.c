// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a guest frame's host address, kept from its memory slot
 * check-description: The 6.12 KVM emulator shape: kvm_vcpu_gfn_to_hva() returns a host address inside a memory slot whose range the memory-slot ioctl access_ok()ed (plugin/registrations.def), or KVM's bad hva, a kernel address, which kvm_is_error_hva() must refuse first. Refused and at a constant offset in the page: validated, a level-2 distance naming the check; at a run-time offset in the page, level-2 unproven; never refused: unchecked (a function of a listed name is the kernel's only when include/ declares it).
 * check-level: 2
 *
 * check-output-start
kept_kvm_hva.c:35:17: warning: unsafe_put_user() on 'p' relies on a check made where the pointer was stored: access_ok((void __user *)(unsigned long)mem->userspace_addr, mem->memory_size) in the memory-slot ioctl (kvm_set_memory_region() in virt/kvm/kvm_main.c) [-Wuaccess-distance]
kept_kvm_hva.c:55:17: warning: unsafe_put_user() on 'hva' is not proven to stay within the checked range [-Wuaccess-unproven]
kept_kvm_hva.c:55:17: note: checked where the pointer was stored, for 4096 bytes: access_ok((void __user *)(unsigned long)mem->userspace_addr, mem->memory_size) in the memory-slot ioctl (kvm_set_memory_region() in virt/kvm/kvm_main.c)
kept_kvm_hva.c:72:17: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
kept_kvm_hva.c:68:9: note: this scope validates only 'cnt', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kvm_host.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int v7_put_guest_word(struct kvm_vcpu *vcpu, gfn_t gfn, u32 __user *cnt);
int v7_put_guest_word(struct kvm_vcpu *vcpu, gfn_t gfn, u32 __user *cnt)
{
	u32 __user *p;
	unsigned long hva = kvm_vcpu_gfn_to_hva(vcpu, gfn);

	if (kvm_is_error_hva(hva))
		return -EFAULT;
	p = (u32 __user *)hva + 4;
	scoped_user_rw_access(cnt, efault) {
		u32 n;

		unsafe_get_user(n, cnt, efault);
		unsafe_put_user(n, p, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_guest_word);

int v7_put_guest_at(struct kvm_vcpu *vcpu, gpa_t gpa, u32 __user *cnt);
int v7_put_guest_at(struct kvm_vcpu *vcpu, gpa_t gpa, u32 __user *cnt)
{
	unsigned long hva = kvm_vcpu_gfn_to_hva(vcpu, gpa_to_gfn(gpa));

	if (kvm_is_error_hva(hva))
		return -EFAULT;
	hva += offset_in_page(gpa);
	scoped_user_rw_access(cnt, efault) {
		u32 n;

		unsafe_get_user(n, cnt, efault);
		unsafe_put_user(n, (u32 __user *)hva, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_guest_at);

int v7_put_guest_unrefused(struct kvm_vcpu *vcpu, gfn_t gfn, u32 __user *cnt);
int v7_put_guest_unrefused(struct kvm_vcpu *vcpu, gfn_t gfn, u32 __user *cnt)
{
	u32 __user *p = (u32 __user *)kvm_vcpu_gfn_to_hva(vcpu, gfn);

	scoped_user_rw_access(cnt, efault) {
		u32 n;

		unsafe_get_user(n, cnt, efault);
		unsafe_put_user(n, p, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_guest_unrefused);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a guest frame's host address, kept from its memory slot");
